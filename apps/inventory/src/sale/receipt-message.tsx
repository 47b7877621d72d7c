import { useQuery } from '@tanstack/react-query';
import { formatBdMobile } from '@mojud/contracts';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { saleQueries } from './api';
import './texts';

/**
 * On a shop's receipt: "Send on WhatsApp" with the same text as the SMS receipt (wa.me, free,
 * from the user's own phone), and what became of the SMS receipt if one was sent.
 */
export function ReceiptWhatsApp({ storeId, saleId }: { storeId: string; saleId: string }) {
  const t = useT(ns);
  const text = useQuery(saleQueries.receiptText(storeId, saleId));
  if (!text.data?.whatsappUrl) return null;
  return (
    <a
      className="ds-button ds-button--secondary"
      href={text.data.whatsappUrl}
      target="_blank"
      rel="noopener noreferrer"
    >
      {t('sale.sendWhatsApp')}
    </a>
  );
}

export function ReceiptSmsStatus({ storeId, saleId }: { storeId: string; saleId: string }) {
  const t = useT(ns);
  const text = useQuery(saleQueries.receiptText(storeId, saleId));
  const message = text.data?.message;
  if (!message) return null;
  return (
    <p className="ds-muted" role="status" data-testid="receipt-sms">
      {t(`sale.sms_${message.status}`, { to: formatBdMobile(message.to), error: message.lastError ?? '' })}
    </p>
  );
}
