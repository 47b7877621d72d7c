import { lazy, Suspense } from 'react';
import { Spinner } from '@mojud/design-system';
import { Navigate, Route, Routes } from '@mojud/router';
import './texts';
import { InventoryPage } from './inventory/inventory-page';

// A chunk of its own: the inventory page's first paint does not carry the "to order" list.
const OpeningStockPage = lazy(() => import('./opening-stock/opening-stock-page').then((m) => ({ default: m.OpeningStockPage })));
const ToOrderPage = lazy(() => import('./inventory/reorder/to-order-page').then((m) => ({ default: m.ToOrderPage })));
const OfficialPricesPage = lazy(() => import('./official-prices/official-prices-page').then((m) => ({ default: m.OfficialPricesPage })));
const TransfersPage = lazy(() => import('./transfers/transfers-page').then((m) => ({ default: m.TransfersPage })));

/** Exposed as `inventory/routes`; the shell mounts it at /inventory/*, so paths here are relative. */
export default function InventoryRoutes() {
  return (
    <Routes>
      <Route index element={<InventoryPage />} />
      <Route
        path="to-order"
        element={
          <Suspense fallback={<Spinner />}>
            <ToOrderPage />
          </Suspense>
        }
      />
      <Route
        path="opening-stock"
        element={
          <Suspense fallback={<Spinner />}>
            <OpeningStockPage />
          </Suspense>
        }
      />
      <Route
        path="official-prices"
        element={
          <Suspense fallback={<Spinner />}>
            <OfficialPricesPage />
          </Suspense>
        }
      />
      <Route
        path="transfers"
        element={
          <Suspense fallback={<Spinner />}>
            <TransfersPage />
          </Suspense>
        }
      />
      <Route path="*" element={<Navigate to="." replace />} />
    </Routes>
  );
}
