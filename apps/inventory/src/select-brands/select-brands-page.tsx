import { useNavigate } from 'react-router-dom';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { useT } from '@mojud/i18n';
import '../inventory/inventory.css';
import { ns } from '../messages';
import { BrandPicker } from '../brands/brand-picker';
import { CurrentStoreLine } from '../current-store-line';

/** Exposed as `inventory/select-brands` and mounted by the shell at /selectBrands (after a store is created). */
export default function SelectBrandsPage() {
  const t = useT(ns);
  const navigate = useNavigate();
  const store = useAuthStore(selectCurrentStore);
  return (
    <main className="inventory-page inventory-page--standalone">
      <h1>{t('selectBrands')}</h1>
      <CurrentStoreLine />
      <BrandPicker storeId={store?.id} onSaved={() => navigate('/dashboard', { replace: true })} />
    </main>
  );
}
