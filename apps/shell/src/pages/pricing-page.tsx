import { Card, useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { PublicLayout } from './public-layout';

export function PricingPage() {
  const t = useT(ns);
  useDocumentTitle(t('pricing.title'), t('meta.pricing'));
  return (
    <PublicLayout>
      <h1>{t('pricing.title')}</h1>
      <Card title={t('pricing.plan')}>
        <p className="shell-price">{t('pricing.price')}</p>
        <p>{t('pricing.body')}</p>
      </Card>
    </PublicLayout>
  );
}
