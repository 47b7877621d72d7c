import { Navigate, Route, Routes } from '@mojud/router';
import './messages';
import { InventoryPage } from './inventory/inventory-page';

/** Exposed as `inventory/routes`; the shell mounts it at /inventory/*, so paths here are relative. */
export default function InventoryRoutes() {
  return (
    <Routes>
      <Route index element={<InventoryPage />} />
      <Route path="*" element={<Navigate to="." replace />} />
    </Routes>
  );
}
