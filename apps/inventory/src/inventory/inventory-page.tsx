import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { Button, Spinner, Tabs, useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { ns } from '../texts';
import { BrandModal } from '../brands/brand-modal';
import { canChooseBrands, canManageStock } from '../roles';
import { AccessoriesTab } from './accessories-tab';
import { CylindersTab } from './cylinders-tab';
import { OfficialPriceSummary } from './official-price-summary';
import './inventory.css';
import './reorder/texts';
import { ns as openingNs } from '../opening-stock/texts';

type TabId = 'cylinders' | 'stoves' | 'regulators';

// Where each item is (the store, each vehicle, on the way between stores): a chunk of its own,
// loaded when the section is opened, so the list's first paint does not carry it.
const StockWhere = lazy(() => import('../transfers/stock-where'));

export function InventoryPage() {
  const t = useT(ns);
  const to = useT(openingNs);
  useDocumentTitle(t('title'));
  const store = useAuthStore(selectCurrentStore);
  const [brandsOpen, setBrandsOpen] = useState(false);
  const [whereOpen, setWhereOpen] = useState(false);
  const [tab, setTab] = useState<TabId>('cylinders');
  // The tab strip answers a click at once; the panel, which may have a long list to build,
  // follows in a render React can interrupt, so the click paints before the list is ready.
  const panelTab = useDeferredValue(tab);
  if (!store) return <p>{t('noStore')}</p>;
  // Buying, prices and counts are manager work; the API enforces the same rule.
  const canManage = canManageStock(store.role);
  const panel =
    panelTab === 'cylinders' ? (
      <CylindersTab storeId={store.id} canManage={canManage} canAddSize={canChooseBrands(store.role)} />
    ) : (
      <AccessoriesTab storeId={store.id} kind={panelTab === 'stoves' ? 'stove' : 'regulator'} canManage={canManage} />
    );
  return (
    <section className="inventory-page">
      <div className="inventory-page__header">
        <h2>{process.env.MOJUD_PREVIEW_HEADING || t('title')}</h2>
        <div className="inv-actions">
          <Link to="/inventory/to-order" className="ds-button ds-button--secondary">
            {t('reorder.openList')}
          </Link>
          {canManage && (
            <Link to="/inventory/opening-stock" className="ds-button ds-button--secondary">
              {to('openLink')}
            </Link>
          )}
          <Link to="/inventory/official-prices" className="ds-button ds-button--secondary">
            {t('officialPrices')}
          </Link>
          <Link to="/inventory/transfers" className="ds-button ds-button--secondary">
            {t('transfersLink')}
          </Link>
          <Button onClick={() => setBrandsOpen(true)}>{t('selectBrand')}</Button>
        </div>
      </div>
      <OfficialPriceSummary storeId={store.id} />
      <Tabs
        label={t('title')}
        value={tab}
        onChange={(id) => setTab(id as TabId)}
        // Every tab shows `panel`: the panel of the tab chosen, once its deferred render is done.
        tabs={[
          { id: 'cylinders', label: t('tabCylinders'), content: panel },
          { id: 'stoves', label: t('tabStoves'), content: panel },
          { id: 'regulators', label: t('tabRegulators'), content: panel },
        ]}
      />
      <details className="stock-where" onToggle={(e) => setWhereOpen(e.currentTarget.open)}>
        <summary>{t('whereStock')}</summary>
        {whereOpen && (
          <Suspense fallback={<Spinner />}>
            <StockWhere storeId={store.id} />
          </Suspense>
        )}
      </details>
      <BrandModal
        storeId={store.id}
        open={brandsOpen}
        readOnly={!canChooseBrands(store.role)}
        onClose={() => setBrandsOpen(false)}
      />
    </section>
  );
}
