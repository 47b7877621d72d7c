import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { CurrentStoreLine } from '../current-store-line';

export function VehiclesPage() {
  const t = useT(ns);
  return (
    <section className="fleet-page">
      <div className="fleet-page__header">
        <h2>{t('title')}</h2>
      </div>
      <CurrentStoreLine />
    </section>
  );
}
