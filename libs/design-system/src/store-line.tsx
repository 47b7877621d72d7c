import { useT } from '@mojud/i18n';
import { ns } from './texts';

export interface StoreLineProps {
  store: { name: string; location?: string | null } | null;
}

/** "Store: Rahim Gas House · Mirpur 10": which store a page is acting on. */
export function StoreLine({ store }: StoreLineProps) {
  const t = useT(ns);
  if (!store) return <p>{t('noStore')}</p>;
  return (
    <p className="current-store" data-testid="current-store">
      {t('currentStore', { name: store.name })}
      {store.location ? ` · ${store.location}` : ''}
    </p>
  );
}
