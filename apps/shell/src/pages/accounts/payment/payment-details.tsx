import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@mojud/api-client';
import { Button, ConfirmDialog, notify, QrCode, Spinner, useAccountLabel } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../../texts';
import { paymentDetailsQueries, useSaveBanglaQr } from '../api';
import BanglaQrModal from './bangla-qr-modal';
import './texts';
import './payment.css';

/**
 * How shops pay the store (DEALER.md rule 22), on the accounts page: the wallet numbers its
 * statements, receipts and reminders show, and its Bangla QR (added, changed or removed by
 * managers and up; everyone else reads it).
 */
export default function PaymentDetailsSection({ storeId, manager }: { storeId: string; manager: boolean }) {
  const t = useT(ns);
  const label = useAccountLabel();
  const details = useQuery(paymentDetailsQueries.details(storeId));
  const save = useSaveBanglaQr(storeId);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const qr = details.data?.banglaQr ?? null;

  return (
    <section className="pay-details" aria-labelledby="pay-details-title">
      <h3 id="pay-details-title">{t('payDetails.title')}</h3>
      <p className="shell-muted">{t('payDetails.lead')}</p>
      {details.isPending ? (
        <Spinner label={t('payDetails.loading')} />
      ) : details.isError ? (
        <p role="alert">{t('payDetails.loadFailed', { message: errorText(details.error) })}</p>
      ) : (
        <div className="pay-details__body">
          <div>
            <h4>{t('payDetails.wallets')}</h4>
            {details.data.wallets.length === 0 ? (
              <p className="shell-muted">{t('payDetails.noWallets')}</p>
            ) : (
              <ul className="pay-details__wallets">
                {details.data.wallets.map((w) => (
                  <li key={w.accountId} data-testid="pay-wallet">
                    {label({ id: w.accountId, kind: 'wallet', family: 'mobile', provider: w.provider, walletType: w.walletType, number: w.number, name: null, isDefault: false, archived: false })}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="pay-details__qr">
            <h4>{t('payDetails.qrTitle')}</h4>
            {qr ? (
              <>
                <p data-testid="bangla-qr-merchant">
                  <strong>{t('payDetails.qrOf', { name: qr.merchantName, city: qr.merchantCity ?? '' })}</strong>
                </p>
                <Suspense fallback={null}>
                  <QrCode value={qr.payload} label={t('payDetails.qrImage', { name: qr.merchantName })} className="pay-details__image" />
                </Suspense>
              </>
            ) : (
              <p className="shell-muted">{t('payDetails.qrNone')}</p>
            )}
            {manager && (
              <div className="pay-details__actions">
                <Button variant={qr ? 'secondary' : 'primary'} onClick={() => setEditing(true)}>
                  {qr ? t('payDetails.change') : t('payDetails.add')}
                </Button>
                {qr && (
                  <Button variant="secondary" onClick={() => setRemoving(true)}>
                    {t('payDetails.remove')}
                  </Button>
                )}
              </div>
            )}
          </div>
        </div>
      )}
      {editing && <BanglaQrModal storeId={storeId} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={removing}
        title={t('payDetails.remove')}
        message={t('payDetails.removeConfirm')}
        confirmLabel={t('payDetails.remove')}
        busy={save.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() =>
          save.mutate(
            { banglaQr: null },
            {
              onSuccess: () => notify.success(t('payDetails.removed')),
              onError: (error) => notify.error(errorText(error)),
              onSettled: () => setRemoving(false),
            },
          )
        }
      />
    </section>
  );
}
