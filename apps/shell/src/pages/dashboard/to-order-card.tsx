import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { itemQueries } from '@mojud/api-client';
import { Card, formatCount, formatItemName } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import './texts';

const SHOWN = 5;

/** Items below their reorder level, most short first: the top few, and the way to the whole list. */
export function ToOrderCard({ storeId }: { storeId: string }) {
  const t = useT(ns);
  const items = useQuery(itemQueries.reorder(storeId));
  if (!items.data) return null;
  return (
    <Card className="dash-to-order">
      <div className="dash-card-head">
        <h3 className="ds-card__title">{t('dashboard.toOrder')}</h3>
        <Link to="/inventory/to-order">{t('dashboard.toOrderAll')}</Link>
      </div>
      {items.data.length === 0 ? (
        <>
          <p>{t('dashboard.toOrderEmpty')}</p>
          <p className="shell-muted">{t('dashboard.toOrderHint')}</p>
        </>
      ) : (
        <ul aria-label={t('dashboard.toOrder')} className="dash-to-order__list">
          {items.data.slice(0, SHOWN).map((item) => (
            <li key={`${item.itemType}:${item.itemId}`}>
              <span>{formatItemName(item.name)}</span>
              <small className="shell-muted">
                {t('dashboard.toOrderItem', {
                  count: formatCount(item.count),
                  level: formatCount(item.level),
                })}
              </small>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
