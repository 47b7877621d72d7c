import { lazy, Suspense } from 'react';
import { Spinner } from '@mojud/design-system';
import { Navigate, Route, Routes } from '@mojud/router';
import '../texts';

// Each page is a chunk of its own: the exposed module stays small, and a receipt opened from a
// link does not download the sale screen.
const SalesPage = lazy(() => import('./sales-page').then((m) => ({ default: m.SalesPage })));
const SalePage = lazy(() => import('./sale-page'));
const ProfitReportPage = lazy(() => import('./profit-page').then((m) => ({ default: m.ProfitReportPage })));
const ReceiptPage = lazy(() => import('./receipt-page'));
const AboveOfficialPage = lazy(() => import('../official-prices/above-official-page').then((m) => ({ default: m.AboveOfficialPage })));

/** Exposed as `inventory/sales`; the shell mounts it at /sales/*, so paths here are relative. */
export default function SalesRoutes() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route index element={<SalesPage />} />
        <Route path="new" element={<SalePage />} />
        <Route path="profit" element={<ProfitReportPage />} />
        <Route path="above-official" element={<AboveOfficialPage />} />
        <Route path=":saleId" element={<ReceiptPage />} />
        <Route path="*" element={<Navigate to="." replace />} />
      </Routes>
    </Suspense>
  );
}
