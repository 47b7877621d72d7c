import { Card, useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { PublicLayout } from './public-layout';

export function SupportPage() {
  const t = useT(ns);
  useDocumentTitle(t('support.title'), t('meta.support'));
  return (
    <PublicLayout>
      <h1>{t('support.title')}</h1>
      <Card>
        <p>{t('support.intro', { open: 10, close: 6 })}</p>
        <p>{t('support.email')}</p>
        <p>{t('support.phone')}</p>
      </Card>
      <h2>{t('support.faqTitle')}</h2>
      <dl className="shell-faq">
        {([1, 2, 3, 4] as const).map((n) => (
          <div key={n}>
            <dt>{t(`support.faq.q${n}`)}</dt>
            <dd>{t(`support.faq.a${n}`)}</dd>
          </div>
        ))}
      </dl>
    </PublicLayout>
  );
}
