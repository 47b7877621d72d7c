import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from '@mojud/router';
import { Spinner } from '@mojud/design-system';
import './texts';
import { EmptiesPage } from './empties/empties-page';
import { ShopsPage } from './shops/shops-page';
import { ImportPage } from './opening/import-page';
// Opened to print: loads when opened, not with the list.
const KhataPage = lazy(() => import('./shops/khata-page').then((m) => ({ default: m.KhataPage })));

/** Exposed as `customers/routes`; the shell mounts it at /shops/*, so paths here are relative. */
export default function CustomersRoutes() {
  return (
    <Routes>
      <Route index element={<ShopsPage />} />
      <Route path="empties" element={<EmptiesPage />} />
      <Route path="import" element={<ImportPage />} />
      <Route
        path=":shopId/khata"
        element={
          <Suspense fallback={<Spinner />}>
            <KhataPage />
          </Suspense>
        }
      />
      <Route path="*" element={<Navigate to="." replace />} />
    </Routes>
  );
}
