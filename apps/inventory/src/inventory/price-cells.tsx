import { formatTk } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';

/**
 * The retail price, with the wholesale price under it: one column, so the row fits a laptop. A
 * cylinder's package prices follow the same way, a line each (or one saying they are not set),
 * so the column grows no wider.
 */
export function Prices({
  item,
}: {
  item: { retailPrice: number; wholesalePrice: number; packageRetailPrice?: number | null; packageWholesalePrice?: number | null };
}) {
  const t = useT(ns);
  return (
    <>
      {formatTk(item.retailPrice)}
      <span className="inv-sub">{t('wholesaleLine', { price: formatTk(item.wholesalePrice) })}</span>
      {item.packageRetailPrice !== undefined &&
        (item.packageRetailPrice === null || item.packageWholesalePrice == null ? (
          <span className="inv-sub">{t('packageNotSet')}</span>
        ) : (
          <>
            <span className="inv-sub">{t('packageLine', { price: formatTk(item.packageRetailPrice) })}</span>
            <span className="inv-sub">{t('wholesaleLine', { price: formatTk(item.packageWholesalePrice) })}</span>
          </>
        ))}
    </>
  );
}

/** One average cost on a line of its own: a cylinder shows its refill and its package cost. */
export function CostLine({ type, cost = null }: { type?: 'refill' | 'package'; cost?: number | null }) {
  const t = useT(ns);
  if (!type) return cost === null ? t('costUnknown') : formatTk(cost);
  return (
    <span className="inv-line">{t('costLine', { type: t(type), cost: cost === null ? t('unknown') : formatTk(cost) })}</span>
  );
}
