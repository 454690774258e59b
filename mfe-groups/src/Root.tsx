import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoading } from '@portal/ui';
import { GroupPage } from './group-page/GroupPage';
import { GroupsScreen } from './groups/GroupsScreen';

const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const GroupInfoScreen = named(() => import('./group-page/GroupInfoScreen'), 'GroupInfoScreen');
const AddMemberScreen = lazy(() =>
  import('./members/AddMemberScreen').then((m) => ({ default: m.AddMemberScreen })),
);
const PersonScreen = named(() => import('./person/PersonScreen'), 'PersonScreen');
const AdminLandingScreen = named(() => import('./admin/AdminScreens'), 'AdminLandingScreen');
const AdminGroupScreen = named(() => import('./admin/AdminScreens'), 'AdminGroupScreen');
const AddPatientGroupScreen = named(() => import('./admin/AdminScreens'), 'AddPatientGroupScreen');
const LogsScreen = named(() => import('./admin/LogsScreen'), 'LogsScreen');
const CoordinatorsScreen = named(() => import('./admin/CoordinatorsScreen'), 'CoordinatorsScreen');
const CoordinatorPermissionsScreen = named(
  () => import('./admin/CoordinatorsScreen'),
  'CoordinatorPermissionsScreen',
);
const PendingApprovalScreen = named(() => import('./pending/PendingApprovalScreen'), 'PendingApprovalScreen');

/** The pages of one group, the same under `/groups/{g}` and `/groupAdmin/{a}/groups/{g}` (records spec §2.10). */
const groupRoutes = (base: string) => [
  <Route key="page" path={base} element={<GroupPage />} />,
  <Route key="info" path={`${base}/groupInfo`} element={<GroupInfoScreen />} />,
  <Route key="add" path={`${base}/addMembers`} element={<AddMemberScreen newUser={false} />} />,
  <Route key="new" path={`${base}/createNewUser`} element={<AddMemberScreen newUser />} />,
  <Route key="person" path={`${base}/user/:userId`} element={<Navigate to="info" replace />} />,
  <Route key="suffix" path={`${base}/user/:userId/:suffix`} element={<PersonScreen />} />,
];

/** The groups area's route table: the coordinator's, the group admin's and the invited person's pages. */
export const Root = () => (
  <Suspense fallback={<PageLoading />}>
    <Routes>
      <Route path="/groups" element={<GroupsScreen />} />
      {groupRoutes('/groups/:groupId')}
      <Route path="/groupAdmin" element={<AdminLandingScreen />} />
      <Route path="/groupAdmin/:adminId" element={<AdminGroupScreen />} />
      <Route path="/groupAdmin/:adminId/addPatientGroup" element={<AddPatientGroupScreen />} />
      {groupRoutes('/groupAdmin/:adminId/groups/:groupId')}
      <Route path="/groupAdmin/:adminId/groups/:groupId/logs" element={<LogsScreen />} />
      <Route
        path="/groupAdmin/:adminId/groups/:groupId/manageMedicalCoordinator"
        element={<CoordinatorsScreen />}
      />
      <Route
        path="/groupAdmin/:adminId/groups/:groupId/manageMedicalCoordinator/:userId/permissions"
        element={<CoordinatorPermissionsScreen />}
      />
      <Route path="/pendingApproval" element={<PendingApprovalScreen />} />
      {/* Anything else (a patient's page under a person path) is another remote's: nothing is drawn here. */}
      <Route path="*" element={null} />
    </Routes>
  </Suspense>
);
