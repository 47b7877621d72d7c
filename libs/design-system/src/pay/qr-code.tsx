import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code as SVG, so it prints crisp at any size: one square per dark module, drawn as one
 * path on a white square with the quiet zone of four modules the QR standard asks for. Error
 * correction M (15 %), as payment QR codes are printed: a thermal receipt's smudge still scans.
 */
export default function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { path, size } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 4 });
    const parts: string[] = [];
    qr.data.forEach((row, y) => row.forEach((dark, x) => dark && parts.push(`M${x} ${y}h1v1h-1z`)));
    return { path: parts.join(''), size: qr.size };
  }, [value]);
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
