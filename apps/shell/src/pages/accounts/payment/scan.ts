// Reading a printed QR with the phone's camera: the browser's own BarcodeDetector (Chrome on
// Android, where most counters are) over a getUserMedia stream. Where the browser has none, the
// form says so and takes the pasted text: no decoder is downloaded for it.

interface Detected {
  rawValue: string;
}
interface Detector {
  detect(source: HTMLVideoElement): Promise<Detected[]>;
}
type DetectorClass = (new (options: { formats: string[] }) => Detector) & { getSupportedFormats?: () => Promise<string[]> };

const detectorClass = () => (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Whether this browser can read a QR from the camera. */
export async function canScan(): Promise<boolean> {
  const Detector = detectorClass();
  if (!Detector || !navigator.mediaDevices?.getUserMedia) return false;
  try {
    return !Detector.getSupportedFormats || (await Detector.getSupportedFormats()).includes('qr_code');
  } catch {
    return false;
  }
}

/**
 * Opens the back camera into `video` and looks for a QR four times a second; calls `found` with
 * the first one's text and closes the camera. Returns a function that closes it sooner.
 */
export async function startScan(video: HTMLVideoElement, found: (text: string) => void): Promise<() => void> {
  const Detector = detectorClass()!;
  const detector = new Detector({ formats: ['qr_code'] });
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  video.srcObject = stream;
  await video.play();
  const look = async () => {
    if (stopped) return;
    try {
      const [code] = await detector.detect(video);
      if (code?.rawValue) {
        stop();
        found(code.rawValue);
        return;
      }
    } catch {
      // A frame it could not read: the next one may do.
    }
    timer = setTimeout(() => void look(), 250);
  };
  void look();
  return stop;
}
