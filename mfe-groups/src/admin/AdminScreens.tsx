import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { GROUP_MESSAGES, type Group } from '@portal/contracts';
import { PageFrame } from '@portal/ui';
import { submit } from '../common/submit';
import { LoadError, Loading } from '../common/ui';
import { GroupInfoForm } from '../group-page/GroupInfoForm';
import { GroupFacts } from '../group-page/GroupInfoScreen';
import { GroupCards, GroupTabsView } from '../groups/GroupTabsView';
import { useAddPatientGroupMutation, useGetGroupQuery, useLoadGroupsQuery } from '../groups/groups.api';

/** Where a group of the admin's tabs opens: an admin group's page, or a patient group under its admin group. */
export const adminHref = (g: Group): string =>
  g.organization_type?.mnemonic === 'ADMIN_GROUP'
    ? `/groupAdmin/${g.id}`
    : g.parentId
      ? `/groupAdmin/${g.parentId}/groups/${g.id}`
      : `/groups/${g.id}`;

/** `/groupAdmin`: the admin's groups, admin groups first. */
export const AdminLandingScreen = () => {
  const groups = useLoadGroupsQuery();
  return (
    <PageFrame title="Group Admin" testId="group-admin">
      {groups.isLoading ? <Loading /> : null}
      {groups.error ? (
        <LoadError error={groups.error} onRetry={() => void groups.refetch()} testId="groups-error" />
      ) : null}
      {groups.data ? (
        <GroupTabsView byType={groups.data.byType} first="ADMIN_GROUP" hrefOf={adminHref} />
      ) : null}
    </PageFrame>
  );
};

/** `/groupAdmin/{a}`: one admin group, its information and its patient groups, with Add patient group. */
export const AdminGroupScreen = () => {
  const { adminId = '' } = useParams();
  const group = useGetGroupQuery(adminId, { skip: !adminId });
  const g = group.data;
  return (
    <PageFrame
      title={g?.name ?? 'Admin group'}
      testId="admin-group"
      back={
        <Button component={RouterLink} to="/groupAdmin" sx={{ mb: 1 }} data-testid="group-back">
          ← All groups
        </Button>
      }
      actions={
        <Button
          component={RouterLink}
          to={`/groupAdmin/${adminId}/addPatientGroup`}
          variant="contained"
          data-testid="admin-add-patient-group"
        >
          Add patient group
        </Button>
      }
    >
      {group.isLoading ? <Loading /> : null}
      {group.error ? (
        <LoadError error={group.error} onRetry={() => void group.refetch()} testId="group-error" />
      ) : null}
      {g ? (
        <>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            Patient groups
          </Typography>
          <GroupCards
            groups={g.patientGroups}
            hrefOf={(p) => `/groupAdmin/${adminId}/groups/${p.id}`}
            emptyText={GROUP_MESSAGES.noPatientGroups}
          />
          <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
            About this admin group
          </Typography>
          <GroupFacts group={g} />
        </>
      ) : null}
    </PageFrame>
  );
};

/** `/groupAdmin/{a}/addPatientGroup`: a new patient group under the admin group (addPatientGroup). */
export const AddPatientGroupScreen = () => {
  const { adminId = '' } = useParams();
  const navigate = useNavigate();
  const [add] = useAddPatientGroupMutation();
  const admin = useGetGroupQuery(adminId, { skip: !adminId });
  return (
    <PageFrame
      title="Add patient group"
      testId="add-patient-group"
      back={
        <Button component={RouterLink} to={`/groupAdmin/${adminId}`} sx={{ mb: 1 }} data-testid="group-back">
          ← {admin.data?.name ?? 'Admin group'}
        </Button>
      }
    >
      <GroupInfoForm
        initial={{ name: '', description: '', contactEmail: '', contactPhone: '' }}
        submitLabel="Create group"
        onCancel={() => void navigate(`/groupAdmin/${adminId}`)}
        onSubmit={async (v) => {
          let created: Group | null = null;
          const outcome = await submit(
            async () => {
              created = await add({ adminGroupId: adminId, ...v }).unwrap();
            },
            GROUP_MESSAGES.groupCreated,
            'add-patient-group',
          );
          const id = (created as Group | null)?.id;
          if (outcome === true)
            void navigate(id ? `/groupAdmin/${adminId}/groups/${id}` : `/groupAdmin/${adminId}`);
          return outcome;
        }}
      />
    </PageFrame>
  );
};
