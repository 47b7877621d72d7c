import { useQuery } from '@tanstack/react-query';
import { normalizeError, storeQueries } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { Spinner } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from './messages';

/** The current store as the API knows it now (name and location), via the shared client. */
export function CurrentStoreLine() {
  const t = useT(ns);
  const current = useAuthStore(selectCurrentStore);
  const { data, error, isPending } = useQuery(storeQueries.list());
  if (!current) return <p>{t('noStore')}</p>;
  if (isPending) return <Spinner />;
  if (error) return <p role="alert">{t('loadFailed', { message: normalizeError(error).message })}</p>;
  const store = data.stores.find((item) => item.id === current.id) ?? current;
  return (
    <p className="current-store" data-testid="current-store">
      {t('currentStore', { name: store.name })}
      {store.location ? ` · ${store.location}` : ''}
    </p>
  );
}
