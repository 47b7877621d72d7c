import { stockStatus } from '@mojud/contracts';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';

const keys = { 'In Stock': ['statusIn', 'in'], 'Low Stock': ['statusLow', 'low'], 'Out of Stock': ['statusOut', 'out'] } as const;

/** >20 In Stock, 1–20 Low Stock, ≤0 Out of Stock: full cylinders, or stove/regulator stock. */
export function StockStatus({ count }: { count: number }) {
  const t = useT(ns);
  const [label, tone] = keys[stockStatus(count)];
  return <span className={`inv-status inv-status--${tone}`}>{t(label)}</span>;
}
