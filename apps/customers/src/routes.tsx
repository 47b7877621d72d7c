import { Navigate, Route, Routes } from '@mojud/router';
import './texts';
import { EmptiesPage } from './empties/empties-page';
import { ShopsPage } from './shops/shops-page';
import { ImportPage } from './opening/import-page';

/** Exposed as `customers/routes`; the shell mounts it at /shops/*, so paths here are relative. */
export default function CustomersRoutes() {
  return (
    <Routes>
      <Route index element={<ShopsPage />} />
      <Route path="empties" element={<EmptiesPage />} />
      <Route path="import" element={<ImportPage />} />
      <Route path="*" element={<Navigate to="." replace />} />
    </Routes>
  );
}
