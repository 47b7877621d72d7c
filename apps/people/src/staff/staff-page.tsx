import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { CurrentStoreLine } from '../current-store-line';

export function StaffPage() {
  const t = useT(ns);
  return (
    <section className="people-page">
      <div className="people-page__header">
        <h2>{t('title')}</h2>
      </div>
      <CurrentStoreLine />
    </section>
  );
}
