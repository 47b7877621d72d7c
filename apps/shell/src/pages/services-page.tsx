import { useNavigate } from 'react-router-dom';
import { Button, Card, useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { messages, ns } from '../texts';
import { PublicLayout } from './public-layout';

const serviceKeys = Object.keys(messages.services.items) as (keyof typeof messages.services.items)[];

export function ServicesPage() {
  const t = useT(ns);
  useDocumentTitle(t('services.title'), t('meta.services'));
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <h1>{t('services.title')}</h1>
      <div className="shell-grid">
        {serviceKeys.map((key) => (
          <Card key={key} title={t(`services.items.${key}.title`)}>
            <p>{t(`services.items.${key}.body`)}</p>
          </Card>
        ))}
      </div>
      <p>
        <Button
          variant="secondary"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
        >
          {t('services.goBack')}
        </Button>
      </p>
    </PublicLayout>
  );
}
