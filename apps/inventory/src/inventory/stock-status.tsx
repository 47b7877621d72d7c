import { stockStatus } from '@mojud/contracts';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';

const keys = { 'In Stock': ['statusIn', 'ok'], 'Low Stock': ['statusLow', 'warn'], 'Out of Stock': ['statusOut', 'bad'] } as const;

/** >20 In Stock, 1–20 Low Stock, ≤0 Out of Stock: full cylinders, or stove/regulator stock. */
export function StockStatus({ count }: { count: number }) {
  const t = useT(ns);
  const [label, tone] = keys[stockStatus(count)];
  return <span className={`ds-badge ds-badge--${tone}`}>{t(label)}</span>;
}
