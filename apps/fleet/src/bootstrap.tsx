import { Navigate, Route, Routes } from 'react-router-dom';
import { renderStandalone } from '@mojud/remote-harness';
import FleetRoutes from './routes';

// Standalone run of this remote (`npm run dev -w fleet`): the same routes the shell mounts.
renderStandalone({
  name: 'fleet',
  home: '/vehicles',
  routes: (
    <Routes>
      <Route path="/vehicles/*" element={<FleetRoutes />} />
      <Route path="*" element={<Navigate to="/vehicles" replace />} />
    </Routes>
  ),
});
