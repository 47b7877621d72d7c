import { Navigate, Route, Routes } from '@mojud/router';
import './texts';
import { ClosesPage } from './vans/closes-page';
import { DayReportPage } from './vans/day-report-page';
import { VehiclesPage } from './vehicles/vehicles-page';

/** Exposed as `fleet/routes`; the shell mounts it at /vehicles/*, so paths here are relative. */
export default function FleetRoutes() {
  return (
    <Routes>
      <Route index element={<VehiclesPage />} />
      <Route path=":vehicleId/closes" element={<ClosesPage />} />
      <Route path=":vehicleId/closes/:closeId" element={<DayReportPage />} />
      <Route path="*" element={<Navigate to="." replace />} />
    </Routes>
  );
}
