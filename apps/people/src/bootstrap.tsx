import { Navigate, Route, Routes } from 'react-router-dom';
import { renderStandalone } from '@mojud/remote-harness';
import PeopleRoutes from './routes';
import InvitationsPage from './invitations/invitations-page';
import MembersPage from './members/members-page';

// Standalone run of this remote (`npm run dev -w people`): the same routes the shell mounts.
renderStandalone({
  name: 'people',
  home: '/staff',
  routes: (
    <Routes>
      <Route path="/staff/*" element={<PeopleRoutes />} />
      <Route path="/invitations" element={<InvitationsPage />} />
      <Route path="/members" element={<MembersPage />} />
      <Route path="*" element={<Navigate to="/staff" replace />} />
    </Routes>
  ),
});
