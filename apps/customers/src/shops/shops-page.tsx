import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { CurrentStoreLine } from '../current-store-line';

export function ShopsPage() {
  const t = useT(ns);
  return (
    <section className="customers-page">
      <div className="customers-page__header">
        <h2>{t('title')}</h2>
      </div>
      <CurrentStoreLine />
    </section>
  );
}
