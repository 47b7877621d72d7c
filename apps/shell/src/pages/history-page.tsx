import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';

export function HistoryPage() {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  return (
    <section>
      <h2>{t('chrome.history')}</h2>
      {store && <p>{t('history.body', { store: store.name })}</p>}
    </section>
  );
}
