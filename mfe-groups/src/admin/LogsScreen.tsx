import { useState } from 'react';
import Box from '@mui/material/Box';
import { GROUP_MESSAGES, type GroupDetails, type GroupMember } from '@portal/contracts';
import { EmptyState, OutlinedTextField, SelectField, useDebouncedValue } from '@portal/ui';
import { memberName } from '../common/format';
import { LogTable } from '../common/LogTable';
import { LoadError, Loading, Pager } from '../common/ui';
import { GroupFrame } from '../group-page/GroupFrame';
import { useGetLogsQuery } from '../groups/groups.api';

export interface LogFilters {
  memberId: string;
  actorId: string;
  action: string;
  from: string;
  to: string;
}
const NO_FILTERS: LogFilters = { memberId: '', actorId: '', action: '', from: '', to: '' };

const people = (list: GroupMember[]) =>
  list
    .filter((m): m is GroupMember & { userId: string } => m.userId !== null)
    .map((m) => ({ value: m.userId, label: memberName(m) }));

/** The filters above the log: member, coordinator, action and a date range. */
export const LogFiltersBar = ({
  group,
  value,
  onChange,
}: {
  group: GroupDetails;
  value: LogFilters;
  onChange: (v: LogFilters) => void;
}) => (
  <Box
    role="search"
    aria-label="Filter the logs"
    sx={{
      display: 'grid',
      gap: { xs: 0, sm: 2 },
      gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' },
    }}
  >
    <SelectField
      testId="logs-member"
      label="Member"
      value={value.memberId}
      options={[{ value: '', label: 'Any member' }, ...people(group.members)]}
      onChange={(memberId) => onChange({ ...value, memberId })}
    />
    <SelectField
      testId="logs-coordinator"
      label="Done by"
      value={value.actorId}
      options={[{ value: '', label: 'Anyone' }, ...people(group.coordinators)]}
      onChange={(actorId) => onChange({ ...value, actorId })}
    />
    <OutlinedTextField
      id="logs-action"
      label="Action"
      margin="dense"
      value={value.action}
      onChange={(e) => onChange({ ...value, action: e.target.value })}
      slotProps={{ htmlInput: { 'data-testid': 'logs-action', maxLength: 100 } }}
    />
    <OutlinedTextField
      id="logs-from"
      label="From"
      type="date"
      margin="dense"
      value={value.from}
      onChange={(e) => onChange({ ...value, from: e.target.value })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'logs-from' } }}
    />
    <OutlinedTextField
      id="logs-to"
      label="To"
      type="date"
      margin="dense"
      value={value.to}
      onChange={(e) => onChange({ ...value, to: e.target.value })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'logs-to' } }}
    />
  </Box>
);

const GroupLogs = ({ group }: { group: GroupDetails }) => {
  const [filters, setFilters] = useState<LogFilters>(NO_FILTERS);
  const [paging, setPaging] = useState({ page: 1, size: 25 });
  const action = useDebouncedValue(filters.action.trim(), 300);
  const logs = useGetLogsQuery({
    groupId: group.id,
    memberId: filters.memberId || undefined,
    actorId: filters.actorId || undefined,
    action: action || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    ...paging,
  });
  const filtered = Object.values(filters).some(Boolean);
  const rows = logs.data?.rows ?? [];
  return (
    <>
      <LogFiltersBar
        group={group}
        value={filters}
        onChange={(v) => {
          setFilters(v);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      {logs.isFetching ? <Loading /> : null}
      {logs.error ? (
        <LoadError error={logs.error} onRetry={() => void logs.refetch()} testId="logs-error" />
      ) : null}
      {logs.data && rows.length === 0 ? (
        <EmptyState
          text={filtered ? GROUP_MESSAGES.noLogsFound : GROUP_MESSAGES.noLogs}
          testId="logs-empty"
        />
      ) : null}
      {rows.length > 0 ? (
        <>
          <LogTable rows={rows} label="Group logs" />
          <Pager
            total={logs.data?.total ?? 0}
            page={paging.page}
            size={paging.size}
            onChange={(page, size) => setPaging({ page, size })}
            testId="logs-pager"
          />
        </>
      ) : null}
    </>
  );
};

/** `logs` (group admin): what was done in and for the group, newest first, filtered and paged. */
export const LogsScreen = () => (
  <GroupFrame title={(g) => `${g.name}: logs`} testId="group-logs">
    {(group) => <GroupLogs group={group} />}
  </GroupFrame>
);
