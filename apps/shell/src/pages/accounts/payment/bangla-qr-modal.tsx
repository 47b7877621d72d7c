import { useEffect, useRef, useState } from 'react';
import { Button, formCallbacks, FormModal, TextAreaField, useFormState } from '@mojud/design-system';
import { banglaQrRefusal, checkBanglaQr } from '@mojud/domain';
import { errorText } from '@mojud/api-client';
import { useT } from '@mojud/i18n';
import { ns } from '../../../texts';
import { useSaveBanglaQr } from '../api';
import { canScan, startScan } from './scan';
import './texts';

/**
 * The store's Bangla QR, pasted or scanned (DEALER.md rule 22). What it reads is checked as it is
 * typed, by the same rule the server checks with (libs/domain): the merchant's name when it is
 * sound, the reason when it is damaged; the server refuses a damaged one all the same. Mount
 * only while open.
 */
export default function BanglaQrModal({ storeId, onClose }: { storeId: string; onClose: () => void }) {
  const t = useT(ns);
  const save = useSaveBanglaQr(storeId);
  const { values, errors, setErrors, field, set } = useFormState({ banglaQr: '' }, { clearOnChange: true });
  const [scanner, setScanner] = useState<'unknown' | 'ready' | 'none'>('unknown');
  const [scanning, setScanning] = useState(false);
  const [note, setNote] = useState('');
  const video = useRef<HTMLVideoElement>(null);
  const stop = useRef<(() => void) | null>(null);

  useEffect(() => {
    let live = true;
    void canScan().then((can) => live && setScanner(can ? 'ready' : 'none'));
    return () => {
      live = false;
      stop.current?.();
    };
  }, []);

  const text = values.banglaQr.trim();
  const checked = text ? checkBanglaQr(text) : null;

  const scan = async () => {
    if (scanning) {
      stop.current?.();
      setScanning(false);
      return;
    }
    setNote('');
    setScanning(true);
    try {
      stop.current = await startScan(video.current!, (found) => {
        set('banglaQr', found);
        setScanning(false);
        setNote(t('payDetails.scanned'));
      });
    } catch (error) {
      setScanning(false);
      setNote(t('payDetails.cameraFailed', { message: (error as Error)?.message ?? '' }));
    }
  };

  const onSubmit = () => {
    if (!checked?.ok) return setErrors({ banglaQr: errorText(banglaQrRefusal(checked ?? { reason: 'empty' })) });
    save.mutate(
      { banglaQr: checked.qr.payload },
      formCallbacks(setErrors, { message: t('payDetails.saved', { name: checked.qr.merchantName }), then: onClose }, { reasonAt: 'banglaQr', toast: 'never' }),
    );
  };

  return (
    <FormModal title={t('payDetails.modalTitle')} onClose={onClose} onSubmit={onSubmit} action="save" pending={save.isPending}>
      <p className="shell-muted">{t('payDetails.modalLead')}</p>
      <TextAreaField
        label={t('payDetails.payload')}
        hint={t('payDetails.payloadHint', { start: '000201' })}
        rows={4}
        maxLength={600}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        lang="en"
        {...field('banglaQr')}
      />
      {checked && !errors.banglaQr && (
        <p role="status" className={checked.ok ? 'pay-details__read' : 'ds-field__error'}>
          {checked.ok
            ? t('payDetails.read', { name: checked.qr.merchantName, city: checked.qr.merchantCity })
            : errorText(banglaQrRefusal(checked))}
        </p>
      )}
      {scanner === 'ready' ? (
        <div className="pay-details__scan">
          <Button variant="secondary" onClick={() => void scan()}>
            {scanning ? t('payDetails.stopScan') : t('payDetails.scan')}
          </Button>
          <video ref={video} className="pay-details__video" hidden={!scanning} muted playsInline aria-label={t('payDetails.camera')} />
          {scanning && <p className="shell-muted">{t('payDetails.scanning')}</p>}
        </div>
      ) : (
        scanner === 'none' && <p className="shell-muted">{t('payDetails.noScanner')}</p>
      )}
      {note && <p role="status">{note}</p>}
    </FormModal>
  );
}
