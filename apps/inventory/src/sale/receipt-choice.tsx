import { useQuery } from '@tanstack/react-query';
import { formatBdMobile, normalizeBdMobile, type ShopPickerItem } from '@mojud/contracts';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { saleQueries } from './api';
import './texts';

/**
 * Before the tap: whether this sale's receipt will go to the shop, and how ("Receipt by SMS to
 * 01711-223344", or "No SMS service: the receipt will wait on the Messages page"), with a switch
 * to leave it out for this sale (the sale body's `sendReceipt: false`, queued with it offline).
 * The server sends one when the sale leaves something owing on a shop with a mobile number.
 */
export function ReceiptChoice({
  storeId,
  shop,
  due,
  send,
  onSend,
}: {
  storeId: string;
  shop: Pick<ShopPickerItem, 'name' | 'phone'> | null;
  /** What this sale leaves owing. */
  due: number;
  send: boolean;
  onSend: (send: boolean) => void;
}) {
  const t = useT(ns);
  const mobile = shop?.phone ? normalizeBdMobile(shop.phone) : null;
  const plan = useQuery({ ...saleQueries.receiptPlan(storeId), enabled: Boolean(mobile) });
  if (!shop) return null;
  const line = (text: string) => (
    <p className="ds-muted" data-testid="receipt-choice">
      {text}
    </p>
  );
  if (!mobile) return line(t('sale.receiptNoMobile', { shop: shop.name }));
  if (plan.data && !plan.data.saleReceipt) return line(t('sale.receiptsOff'));
  if (due <= 0) return line(t('sale.receiptOnlyOwed'));
  const channel = plan.data?.channel ?? 'sms';
  return (
    <div className="sale__receipt" data-testid="receipt-choice">
      <label className="ds-check sale__check">
        <input type="checkbox" checked={send} onChange={(e) => onSend(e.target.checked)} />
        {t('sale.receiptSwitch')}
      </label>
      <p className="ds-muted">
        {!send
          ? t('sale.receiptTurnedOff')
          : plan.data && !plan.data.service
            ? t(`sale.receiptNoService_${channel}`)
            : t(`sale.receiptBy_${channel}`, { to: formatBdMobile(mobile) })}
      </p>
    </div>
  );
}
