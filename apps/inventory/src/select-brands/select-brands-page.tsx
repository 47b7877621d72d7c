import { useNavigate } from '@mojud/router';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { Button, STORE_AREA_TOAST_MS, StoreLine, useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import '../inventory/inventory.css';
import { ns } from '../texts';
import { BrandPicker } from '../brands/brand-picker';
import { canChooseBrands } from '../roles';

/** Exposed as `inventory/select-brands` and mounted by the shell at /selectBrands (after a store is created). */
export default function SelectBrandsPage() {
  const t = useT(ns);
  useDocumentTitle(t('selectBrands'));
  const navigate = useNavigate();
  const store = useAuthStore(selectCurrentStore);
  const readOnly = Boolean(store) && !canChooseBrands(store?.role);
  const toDashboard = () => navigate('/dashboard', { replace: true });
  return (
    <main className="inventory-page inventory-page--standalone">
      <h1>{t('selectBrands')}</h1>
      <StoreLine store={store} />
      <BrandPicker storeId={store?.id} readOnly={readOnly} toastDuration={STORE_AREA_TOAST_MS} onSaved={toDashboard} />
      {readOnly && (
        <p>
          <Button variant="secondary" onClick={toDashboard}>
            {t('continue')}
          </Button>
        </p>
      )}
    </main>
  );
}
