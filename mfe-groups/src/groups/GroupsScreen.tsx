import { PageFrame } from '@portal/ui';
import { LoadError, Loading } from '../common/ui';
import { useLoadGroupsQuery } from './groups.api';
import { GroupTabsView } from './GroupTabsView';
import { Worklist } from './Worklist';

/** The coordinator's landing (`/groups`): the tabs of their groups and the worklist across them. */
export const GroupsScreen = () => {
  const groups = useLoadGroupsQuery();
  return (
    <PageFrame title="Groups" testId="groups">
      {groups.isLoading ? <Loading /> : null}
      {groups.error ? (
        <LoadError error={groups.error} onRetry={() => void groups.refetch()} testId="groups-error" />
      ) : null}
      {groups.data ? (
        <GroupTabsView
          byType={groups.data.byType}
          first="PATIENT_GROUP"
          hrefOf={(g) =>
            g.organization_type?.mnemonic === 'ADMIN_GROUP' ? `/groupAdmin/${g.id}` : `/groups/${g.id}`
          }
        />
      ) : null}
      <Worklist />
    </PageFrame>
  );
};
