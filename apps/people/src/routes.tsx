import { Navigate, Route, Routes } from '@mojud/router';
import './texts';
import { StaffPage } from './staff/staff-page';

/** Exposed as `people/routes`; the shell mounts it at /staff/*, so paths here are relative. */
export default function PeopleRoutes() {
  return (
    <Routes>
      <Route index element={<StaffPage />} />
      <Route path="*" element={<Navigate to="." replace />} />
    </Routes>
  );
}
