import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';

export function ErrorPage() {
  const t = useT(ns);
  useDocumentTitle(t('error.body'));
  return (
    <main className="shell-error-page">
      <h1>{t('error.title')}</h1>
      <p>{t('error.body')}</p>
      <Link to="/" className="ds-button ds-button--primary">
        {t('error.goHome')}
      </Link>
    </main>
  );
}
