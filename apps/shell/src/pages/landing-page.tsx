import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { PublicLayout } from './public-layout';

export function LandingPage() {
  const t = useT(ns);
  useDocumentTitle(t('landing.hero'), t('meta.landing'));
  return (
    <PublicLayout>
      <section className="shell-hero">
        <h1>{t('landing.hero')}</h1>
        <p>{t('landing.lead')}</p>
        <Link to="/signup" className="ds-button ds-button--primary">
          {t('landing.getStarted')}
        </Link>
      </section>
    </PublicLayout>
  );
}
