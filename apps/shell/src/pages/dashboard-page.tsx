import { Link } from 'react-router-dom';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { EmptyState } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';

export function DashboardPage() {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  if (!store) {
    return (
      <EmptyState
        title={t('dashboard.noStore')}
        actions={
          <Link to="/stores" className="ds-button ds-button--primary">
            {t('dashboard.chooseStore')}
          </Link>
        }
      />
    );
  }
  return (
    <section>
      <h2>{t('dashboard.salesOverview')}</h2>
      <p className="shell-muted">{store.name}</p>
    </section>
  );
}
