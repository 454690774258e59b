import { Route, Routes } from 'react-router';
import { PageFrame } from '@portal/ui';
import { GroupsScreen } from './groups/GroupsScreen';

/** The groups area's route table. */
export const Root = () => (
  <Routes>
    <Route path="/groups/*" element={<GroupsScreen title="Groups" />} />
    <Route path="/groupAdmin/*" element={<GroupsScreen title="Group Admin" />} />
    <Route path="/pendingApproval" element={<PageFrame title="Pending approval" />} />
    <Route path="*" element={null} />
  </Routes>
);
