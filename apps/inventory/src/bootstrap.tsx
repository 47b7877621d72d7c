import { Navigate, Route, Routes } from 'react-router-dom';
import { renderStandalone } from '@mojud/remote-harness';
import InventoryRoutes from './routes';
import SelectBrandsPage from './select-brands/select-brands-page';

// Standalone run of this remote (`npm run dev -w inventory`): the same routes the shell mounts.
renderStandalone({
  name: 'inventory',
  home: '/inventory',
  routes: (
    <Routes>
      <Route path="/inventory/*" element={<InventoryRoutes />} />
      <Route path="/selectBrands" element={<SelectBrandsPage />} />
      <Route path="*" element={<Navigate to="/inventory" replace />} />
    </Routes>
  ),
});
