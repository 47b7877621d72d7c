import { useState } from 'react';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { Button, Tabs } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { BrandModal } from '../brands/brand-modal';
import { canChooseBrands, canManageStock } from '../roles';
import { AccessoriesTab } from './accessories-tab';
import { CylindersTab } from './cylinders-tab';
import './inventory.css';

export function InventoryPage() {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  const [brandsOpen, setBrandsOpen] = useState(false);
  if (!store) return <p>{t('noStore')}</p>;
  // Buying, prices and counts are manager work; the API enforces the same rule.
  const canManage = canManageStock(store.role);
  return (
    <section className="inventory-page">
      <div className="inventory-page__header">
        <h2>{process.env.MOJUD_PREVIEW_HEADING || t('title')}</h2>
        <Button onClick={() => setBrandsOpen(true)}>{t('selectBrand')}</Button>
      </div>
      <Tabs
        label={t('title')}
        tabs={[
          { id: 'cylinders', label: t('tabCylinders'), content: <CylindersTab storeId={store.id} canManage={canManage} /> },
          { id: 'stoves', label: t('tabStoves'), content: <AccessoriesTab storeId={store.id} kind="stove" canManage={canManage} /> },
          { id: 'regulators', label: t('tabRegulators'), content: <AccessoriesTab storeId={store.id} kind="regulator" canManage={canManage} /> },
        ]}
      />
      <BrandModal
        storeId={store.id}
        open={brandsOpen}
        readOnly={!canChooseBrands(store.role)}
        onClose={() => setBrandsOpen(false)}
      />
    </section>
  );
}
