import { Navigate, Route, Routes } from '@mojud/router';
import './messages';
import { VehiclesPage } from './vehicles/vehicles-page';

/** Exposed as `fleet/routes`; the shell mounts it at /vehicles/*, so paths here are relative. */
export default function FleetRoutes() {
  return (
    <Routes>
      <Route index element={<VehiclesPage />} />
      <Route path="*" element={<Navigate to="." replace />} />
    </Routes>
  );
}
