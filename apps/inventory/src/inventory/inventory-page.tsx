import { Link } from 'react-router-dom';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { CurrentStoreLine } from '../current-store-line';

export function InventoryPage() {
  const t = useT(ns);
  return (
    <section className="inventory-page">
      <div className="inventory-page__header">
        <h2>{process.env.MOJUD_PREVIEW_HEADING || t('title')}</h2>
        <Link to="/selectBrands" className="ds-button ds-button--primary">
          {t('selectBrand')}
        </Link>
      </div>
      <CurrentStoreLine />
    </section>
  );
}
