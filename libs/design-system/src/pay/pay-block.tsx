import { useId, useState } from 'react';
import { formatBdMobile, type PaymentRequest, type PayToWallet } from '@mojud/contracts';
import { bengaliDigits, toBengaliDigits, useT } from '@mojud/i18n';
import { formatTk } from '../format';
import { ns as dsNs } from '../texts';
import { copyText } from './copy';
import QrCode from './qr-code';

export { QrCode };
import { ns } from './texts';
import './pay.css';

export interface PaymentRequestBlockProps {
  request: PaymentRequest;
  /**
   * `page`: on a screen, each wallet number with a copy button (the statement page). `paper`: as
   * printed on a receipt at 58 mm, 80 mm or A4, the QR about 32 mm wide, nothing to tap.
   */
  variant?: 'page' | 'paper';
}

/** The number as the payer dials it in a wallet app: 01711223344, eleven Latin digits. */
const dialled = (stored: string) => formatBdMobile(stored).replace(/\D/g, '');
const digits = (text: string) => (bengaliDigits() ? toBengaliDigits(text) : text);

/**
 * A payment request (DEALER.md rule 22): "Pay Tk 3,500" with the store's Bangla QR carrying the
 * amount and reference (when it has one), the reference to write, and the wallet numbers. The
 * reference stays in Latin letters in Bangla too: it is what the payer types in the wallet app.
 */
export default function PaymentRequestBlock({ request, variant = 'page' }: PaymentRequestBlockProps) {
  const t = useT(ns);
  const ds = useT(dsNs);
  const titleId = useId();
  const [said, setSaid] = useState('');
  const amount = formatTk(request.amount);
  const walletName = (w: PayToWallet) => ds(`account.provider_${w.provider}`);
  const copy = async (w: PayToWallet) => {
    const number = digits(formatBdMobile(w.number));
    setSaid((await copyText(dialled(w.number))) ? t('copied', { number }) : t('copyFailed'));
  };
  return (
    <section className={`ds-pay ds-pay--${variant}`} aria-labelledby={titleId} data-testid="payment-request">
      <h2 id={titleId} className="ds-pay__title">
        {t('title', { amount })}
      </h2>
      {request.qrPayload && (
        <figure className="ds-pay__qr">
          <QrCode value={request.qrPayload} label={t('qrLabel', { amount, reference: request.reference })} />
          <figcaption>{t('scan')}</figcaption>
        </figure>
      )}
      <p className="ds-pay__ref">
        <span>{t('reference')}: </span>
        <strong data-testid="payment-reference" lang="en">
          {request.reference}
        </strong>
        <br />
        <small>{t('referenceHint')}</small>
      </p>
      {request.wallets.length > 0 && (
        <ul className="ds-pay__wallets" aria-label={t('walletsLabel')}>
          {request.wallets.map((w) => {
            const number = digits(formatBdMobile(w.number));
            return (
              <li key={w.accountId} className="ds-pay__wallet">
                <span>
                  {walletName(w)} <small>({t(`how_${w.walletType}`)})</small>
                </span>
                <strong className="ds-pay__number" data-testid="payment-number">
                  {number}
                </strong>
                {variant === 'page' && (
                  <button
                    type="button"
                    className="ds-button ds-button--secondary ds-pay__copy"
                    aria-label={t('copyNumber', { number })}
                    onClick={() => void copy(w)}
                  >
                    {t('copy')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {variant === 'page' && (
        <p className="ds-pay__said" role="status" aria-live="polite">
          {said}
        </p>
      )}
    </section>
  );
}
