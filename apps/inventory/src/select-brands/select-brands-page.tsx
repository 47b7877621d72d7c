import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { CurrentStoreLine } from '../current-store-line';

/** Exposed as `inventory/select-brands` and mounted by the shell at /selectBrands. */
export default function SelectBrandsPage() {
  const t = useT(ns);
  return (
    <main className="inventory-page inventory-page--standalone">
      <h1>{t('selectBrands')}</h1>
      <CurrentStoreLine />
    </main>
  );
}
