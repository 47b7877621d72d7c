import { Navigate, Route, Routes } from 'react-router-dom';
import { renderStandalone } from '@mojud/remote-harness';
import CustomersRoutes from './routes';

// Standalone run of this remote (`npm run dev -w customers`): the same routes the shell mounts.
renderStandalone({
  name: 'customers',
  home: '/shops',
  routes: (
    <Routes>
      <Route path="/shops/*" element={<CustomersRoutes />} />
      <Route path="*" element={<Navigate to="/shops" replace />} />
    </Routes>
  ),
});
