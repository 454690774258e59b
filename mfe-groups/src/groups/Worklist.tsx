import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { GROUP_MESSAGES, type GroupMember, type WorklistRequest } from '@portal/contracts';
import { EmptyState, ScrollableTable } from '@portal/ui';
import { dueLabel, dueTone, memberName, usDate, type DueTone } from '../common/format';
import { groupBase, personBase } from '../common/paths';
import { submit } from '../common/submit';
import { LoadError, Loading, Pager, VISUALLY_HIDDEN } from '../common/ui';
import { useGetOpenRequestsQuery, useGetWorklistQuery, useSendMemberInviteMutation } from './groups.api';

type WorklistMember = GroupMember & { groupId: string; groupName: string };

const DUE_CHIP: Record<DueTone, 'error' | 'warning' | 'default'> = {
  overdue: 'error',
  soon: 'warning',
  ok: 'default',
  none: 'default',
};

/** Days left before the legal due date: red once overdue, amber when due soon. */
export const DaysLeft = ({ daysLeft }: { daysLeft: number | null }) => {
  const tone = dueTone(daysLeft);
  return (
    <Chip
      size="small"
      label={dueLabel(daysLeft)}
      color={DUE_CHIP[tone]}
      variant={tone === 'overdue' || tone === 'soon' ? 'filled' : 'outlined'}
      data-testid="worklist-days-left"
      data-tone={tone}
    />
  );
};

/** The members' open requests, by legal due date, paged. */
export const OpenRequestsTable = ({ rows }: { rows: WorklistRequest[] }) => (
  <ScrollableTable label="Open requests of members" testId="worklist-requests-scroll">
    <Table size="small" aria-label="Open requests of members" sx={{ minWidth: 720 }}>
      <TableHead>
        <TableRow>
          <TableCell>Member</TableCell>
          <TableCell>Facility</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Requested</TableCell>
          <TableCell>Due date</TableCell>
          <TableCell>Days left</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.patientRequestId} data-testid="worklist-request">
            <TableCell>
              <Link
                component={RouterLink}
                to={`${personBase({ groupId: r.groupId, adminId: null }, r.memberId)}/openRequests`}
              >
                {r.memberName}
              </Link>
            </TableCell>
            <TableCell>{r.facility}</TableCell>
            <TableCell>{r.status}</TableCell>
            <TableCell>{usDate(r.requestedAt)}</TableCell>
            <TableCell>{usDate(r.dueDate)}</TableCell>
            <TableCell>
              <DaysLeft daysLeft={r.daysLeft} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </ScrollableTable>
);

/** Members of a worklist list: name, group and one more column (expiry, invitation, an action). */
const MembersList = ({
  label,
  rows,
  extra,
  testId,
}: {
  label: string;
  rows: WorklistMember[];
  extra: { header: string; hidden?: boolean; cell: (m: WorklistMember) => ReactNode };
  testId: string;
}) => (
  <ScrollableTable label={label} testId={`${testId}-scroll`}>
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Member</TableCell>
          <TableCell>Group</TableCell>
          <TableCell sx={{ position: 'relative' }}>
            {extra.hidden ? (
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {extra.header}
              </Box>
            ) : (
              extra.header
            )}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((m) => (
          <TableRow key={m.membershipId} data-testid={testId}>
            <TableCell>
              {memberName(m)}
              <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                {m.email}
              </Typography>
            </TableCell>
            <TableCell>
              <Link component={RouterLink} to={groupBase({ groupId: m.groupId, adminId: null })}>
                {m.groupName}
              </Link>
            </TableCell>
            <TableCell>{extra.cell(m)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </ScrollableTable>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ mt: 3 }} aria-label={title}>
    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/**
 * The coordinator's worklist (issue 26): open requests of members by legal due date, invitations still
 * pending (Resend), memberships expiring soon and members whose identity is not verified yet.
 */
export const Worklist = () => {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const requests = useGetOpenRequestsQuery(paging);
  const lists = useGetWorklistQuery();
  const [resend, resending] = useSendMemberInviteMutation();
  const w = lists.data;
  const nothing =
    !!w &&
    !!requests.data &&
    requests.data.total === 0 &&
    w.pendingInvitations.length + w.expiringMemberships.length + w.missingIdentity.length === 0;
  return (
    <Box component="section" aria-labelledby="worklist-title" data-testid="worklist" sx={{ mt: 4 }}>
      <Typography id="worklist-title" component="h2" variant="h6">
        Worklist
      </Typography>
      {nothing ? <EmptyState text={GROUP_MESSAGES.worklistEmpty} testId="worklist-empty" /> : null}
      <Section title="Open requests by due date">
        {requests.isLoading ? <Loading /> : null}
        {requests.error ? (
          <LoadError
            error={requests.error}
            onRetry={() => void requests.refetch()}
            testId="worklist-requests-error"
          />
        ) : null}
        {requests.data && requests.data.rows.length === 0 && !nothing ? (
          <Typography variant="body2" color="text.secondary" data-testid="worklist-requests-empty">
            {GROUP_MESSAGES.noOpenRequests}
          </Typography>
        ) : null}
        {requests.data && requests.data.rows.length > 0 ? (
          <>
            <OpenRequestsTable rows={requests.data.rows} />
            <Pager
              total={requests.data.total}
              page={paging.page}
              size={paging.size}
              onChange={(page, size) => setPaging({ page, size })}
              testId="worklist-requests-pager"
            />
          </>
        ) : null}
      </Section>
      {lists.isLoading ? <Loading /> : null}
      {lists.error ? (
        <LoadError error={lists.error} onRetry={() => void lists.refetch()} testId="worklist-error" />
      ) : null}
      {w && w.pendingInvitations.length > 0 ? (
        <Section title="Invitations not accepted yet">
          <MembersList
            label="Invitations not accepted yet"
            rows={w.pendingInvitations}
            testId="worklist-pending"
            extra={{
              header: 'Resend',
              hidden: true,
              cell: (m) => (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={resending.isLoading}
                  aria-label={`Resend the invitation to ${memberName(m)}`}
                  data-testid="worklist-resend"
                  onClick={() =>
                    void submit(
                      () => resend({ membershipId: m.membershipId }).unwrap(),
                      GROUP_MESSAGES.inviteResent,
                      'resend-invite',
                    )
                  }
                >
                  Resend
                </Button>
              ),
            }}
          />
        </Section>
      ) : null}
      {w && w.expiringMemberships.length > 0 ? (
        <Section title="Memberships expiring soon">
          <MembersList
            label="Memberships expiring soon"
            rows={w.expiringMemberships}
            testId="worklist-expiring"
            extra={{ header: 'Expires', cell: (m) => usDate(m.expiresAt) }}
          />
        </Section>
      ) : null}
      {w && w.missingIdentity.length > 0 ? (
        <Section title="Members missing an ID">
          <MembersList
            label="Members missing an ID"
            rows={w.missingIdentity}
            testId="worklist-missing-id"
            extra={{
              header: 'Identity',
              cell: (m) =>
                m.userId ? (
                  <Link
                    component={RouterLink}
                    to={`${personBase({ groupId: m.groupId, adminId: null }, m.userId)}/identity`}
                  >
                    Verify identity
                  </Link>
                ) : (
                  'No account yet'
                ),
            }}
          />
        </Section>
      ) : null}
    </Box>
  );
};
