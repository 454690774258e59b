import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { groupSeatsPage, type GroupDetails } from '@portal/contracts';
import { PageFrame } from '@portal/ui';
import { groupBase, useGroupScope, type GroupScope } from '../common/paths';
import { LoadError, Loading } from '../common/ui';
import { useGetGroupQuery } from '../groups/groups.api';

/**
 * The pages of one group: every caller has the patients, the info and the storage seats (issue 30: the
 * subscription remote's page, which the admin manages and a coordinator reads); an admin also the logs
 * and the coordinators.
 */
export const groupLinks = (scope: GroupScope): Array<{ label: string; to: string; testId: string }> => {
  const base = groupBase(scope);
  return [
    { label: 'Patients', to: base, testId: 'group-nav-patients' },
    { label: 'Group info', to: `${base}/groupInfo`, testId: 'group-nav-info' },
    { label: 'Storage seats', to: groupSeatsPage(scope.groupId), testId: 'group-nav-seats' },
    ...(scope.adminId
      ? [
          { label: 'Logs', to: `${base}/logs`, testId: 'group-nav-logs' },
          {
            label: 'Medical coordinators',
            to: `${base}/manageMedicalCoordinator`,
            testId: 'group-nav-coordinators',
          },
        ]
      : []),
  ];
};

const GroupNav = ({ scope }: { scope: GroupScope }) => {
  const { pathname } = useLocation();
  const links = groupLinks(scope);
  // The longest link the address starts with is the current page.
  const current = links
    .filter((l) => pathname === l.to || pathname.startsWith(`${l.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
  return (
    <Box component="nav" aria-label="Group pages" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
      {links.map((l) => (
        <Button
          key={l.to}
          component={RouterLink}
          to={l.to}
          size="small"
          variant={l === current ? 'contained' : 'outlined'}
          aria-current={l === current ? 'page' : undefined}
          data-testid={l.testId}
        >
          {l.label}
        </Button>
      ))}
    </Box>
  );
};

/**
 * One group's page: loads its details (getDetails), shows loading and error states, its name as the
 * title, the way back to the admin group and the group's pages; the content draws from the details.
 */
export const GroupFrame = ({
  title,
  testId,
  actions,
  children,
}: {
  title: (g: GroupDetails) => string;
  testId: string;
  actions?: (g: GroupDetails, scope: GroupScope) => ReactNode;
  children: (g: GroupDetails, scope: GroupScope) => ReactNode;
}) => {
  const scope = useGroupScope();
  const group = useGetGroupQuery(scope.groupId, { skip: !scope.groupId });
  const g = group.data;
  return (
    <PageFrame
      title={g ? title(g) : 'Group'}
      testId={testId}
      actions={g && actions ? actions(g, scope) : undefined}
      back={
        scope.adminId ? (
          <Button
            component={RouterLink}
            to={`/groupAdmin/${scope.adminId}`}
            sx={{ mb: 1 }}
            data-testid="group-back"
          >
            ← {g?.parentName || 'Admin group'}
          </Button>
        ) : (
          <Button component={RouterLink} to="/groups" sx={{ mb: 1 }} data-testid="group-back">
            ← All groups
          </Button>
        )
      }
    >
      <GroupNav scope={scope} />
      {group.isLoading ? <Loading /> : null}
      {group.error ? (
        <LoadError error={group.error} onRetry={() => void group.refetch()} testId="group-error" />
      ) : null}
      {g ? children(g, scope) : null}
    </PageFrame>
  );
};
