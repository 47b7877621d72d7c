import type { Shop } from '@mojud/contracts';
import { Button, formatTk } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';

interface Props {
  shop: Shop;
  canManage: boolean;
  onPay: () => void;
  onHistory: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function ShopCard({ shop, canManage, onPay, onHistory, onEdit, onDelete }: Props) {
  const t = useT(ns);
  // Red while the shop owes anything; green when clear (or paid ahead).
  const owes = shop.due > 0;
  return (
    <li className="cust-card" aria-label={shop.name}>
      <div className="cust-card__top">
        <h3 className="cust-card__name">{shop.name}</h3>
        {canManage && (
          <button
            type="button"
            className="cust-card__delete"
            aria-label={t('deleteShop', { name: shop.name })}
            onClick={onDelete}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                fill="currentColor"
                d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
              />
            </svg>
          </button>
        )}
      </div>
      {shop.contactName && <p>{shop.contactName}</p>}
      {shop.phone && (
        <p>
          <a href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>{shop.phone}</a>
        </p>
      )}
      {shop.address && <p className="cust-card__address">{shop.address}</p>}
      <p className={owes ? 'cust-due cust-due--owed' : 'cust-due cust-due--clear'} data-testid="shop-due">
        {shop.due < 0
          ? t('advanceLabel', { amount: formatTk(-shop.due) })
          : t('dueLabel', { amount: formatTk(shop.due) })}
      </p>
      <div className="cust-card__actions">
        <Button onClick={onPay}>{t('duePayment')}</Button>
        <Button variant="secondary" onClick={onHistory}>
          {t('history')}
        </Button>
        {canManage && (
          <Button variant="secondary" onClick={onEdit}>
            {t('update')}
          </Button>
        )}
      </div>
    </li>
  );
}
