import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';

export function MembersPage() {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  return (
    <section>
      <h2>{t('chrome.members')}</h2>
      {store && <p>{t('members.body', { store: store.name })}</p>}
      {store?.role && <p className="shell-muted">{t('members.yourRole', { role: store.role })}</p>}
    </section>
  );
}
