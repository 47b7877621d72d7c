import { Link } from 'react-router-dom';
import { EmptyState } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import './texts';

/** What a store's page shows before a store is chosen: a way to choose one. */
export function NoStore() {
  const t = useT(ns);
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
