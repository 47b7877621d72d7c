import { formatBdMobile, type Shop } from '@mojud/contracts';
import { Button, formatCount, formatItemName, formatTk, ListCard } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { ns as emptiesNs } from '../empties/texts';
import { ns as openingNs } from '../opening/texts';
import { ns } from '../texts';

interface Props {
  shop: Shop;
  canManage: boolean;
  onPay: () => void;
  onHistory: () => void;
  onCollect: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** WhatsApp or SMS: the shop's due reminder. */
  onMessage: () => void;
  onStatement: () => void;
  /** The opening balance, entered once (DEALER.md rule 20); managers only. */
  onOpening?: () => void;
}

/**
 * A customer shop: Sell, Due payment and WhatsApp on the card, and Collect empties while it owes
 * any; History, Update, the SMS reminder and the statement link behind "More" (Collect too, when
 * nothing is owed: a shop may still hand in or sell empties).
 */
export function ShopCard({ shop, canManage, onPay, onHistory, onCollect, onEdit, onDelete, onMessage, onStatement, onOpening }: Props) {
  const t = useT(ns);
  const to = useT(openingNs);
  const te = useT(emptiesNs);
  // Red while the shop owes anything; green when clear (or paid ahead).
  const owes = shop.due > 0;
  const owesEmpties = shop.emptiesOwed.length > 0;
  return (
    <ListCard
      name={shop.name}
      remove={canManage ? { label: t('deleteShop', { name: shop.name }), onSelect: onDelete } : undefined}
      actions={
        <>
          {/* The sale screen, with this shop chosen. */}
          <Link to={`/sales/new?shop=${shop.id}`} className="ds-button ds-button--primary" aria-label={t('sellTo', { name: shop.name })}>
            {t('sell')}
          </Link>
          <Button variant="secondary" onClick={onPay}>
            {t('duePayment')}
          </Button>
          {owesEmpties && (
            <Button variant="secondary" onClick={onCollect} aria-label={te('collectFrom', { name: shop.name })}>
              {te('collect')}
            </Button>
          )}
          <Button variant="secondary" onClick={onMessage} aria-label={t('messaging.sendWhatsAppTo', { name: shop.name })}>
            {t('messaging.sendWhatsApp')}
          </Button>
        </>
      }
      more={[
        ...(owesEmpties ? [] : [{ key: 'collect', label: te('collect'), onSelect: onCollect }]),
        { key: 'history', label: t('history'), onSelect: onHistory },
        ...(canManage ? [{ key: 'update', label: t('update'), onSelect: onEdit }] : []),
        ...(canManage && onOpening ? [{ key: 'opening', label: to('openingAction'), onSelect: onOpening }] : []),
        { key: 'sms', label: t('messaging.smsReminder'), onSelect: onMessage },
        { key: 'statement', label: t('messaging.statementLink'), onSelect: onStatement },
      ]}
    >
      {shop.contactName && <p>{shop.contactName}</p>}
      {shop.phone && (
        <p>
          <a href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>{formatBdMobile(shop.phone)}</a>
        </p>
      )}
      {shop.address && <p className="ds-muted">{shop.address}</p>}
      <p className={owes ? 'cust-due cust-due--owed' : 'cust-due cust-due--clear'} data-testid="shop-due">
        {shop.due < 0
          ? t('advanceLabel', { amount: formatTk(-shop.due) })
          : t('dueLabel', { amount: formatTk(shop.due) })}
      </p>
      {/* Beside the money due: the empties it still owes (DEALER.md rule 9). */}
      {shop.emptiesOwed.length > 0 && (
        <p className="cust-empties" data-testid="shop-empties">
          {te('owes', {
            list: shop.emptiesOwed.map((e) => te('owesItem', { count: formatCount(e.count), item: formatItemName(e.itemName) })).join(', '),
          })}
        </p>
      )}
      {shop.priceTier === 'retail' && <p className="ds-muted">{t('buysAtRetail')}</p>}
    </ListCard>
  );
}
