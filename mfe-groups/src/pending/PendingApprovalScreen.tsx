import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import {
  GROUP_MESSAGES,
  GROUP_ROLE_TEXT,
  type MyMembership,
  type PendingInvitation,
} from '@portal/contracts';
import { ConfirmDialog, EmptyState, PageFrame } from '@portal/ui';
import { usDate } from '../common/format';
import { LogTable } from '../common/LogTable';
import { submit } from '../common/submit';
import { LoadError, Loading, Pager, PermissionList } from '../common/ui';
import {
  useAcceptInviteMutation,
  useGetInvitationsQuery,
  useGetMyMembershipsQuery,
  useGetOnMyBehalfQuery,
  useLeaveGroupMutation,
  useRejectInviteMutation,
} from './pending.api';

const CARD_LIST = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 } as const;

/** One invitation: the group, who invited, as what, what the group asks to do, until when; Accept or Reject. */
export const InvitationCard = ({
  invitation: i,
  busy,
  onAccept,
  onReject,
}: {
  invitation: PendingInvitation;
  busy: boolean;
  onAccept: () => void;
  onReject: () => void;
}) => (
  <Card component="li" variant="outlined" data-testid="invitation" data-membership-id={i.membershipId}>
    <CardContent>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {i.groupName}
      </Typography>
      {i.groupDescription ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {i.groupDescription}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {i.invitedBy} invited you as {(GROUP_ROLE_TEXT[i.role] ?? i.role).toLowerCase()} on{' '}
        {usDate(i.invitedAt)}. {i.expiresAt ? `Until ${usDate(i.expiresAt)}.` : 'No end date.'}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
        {i.role === 'PATIENT' ? 'If you accept, the group may:' : 'If you accept, you may:'}
      </Typography>
      <PermissionList permissions={i.permissions} testId="invitation-permissions" />
    </CardContent>
    <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button variant="contained" disabled={busy} onClick={onAccept} data-testid="invitation-accept">
        Accept
      </Button>
      <Button
        variant="outlined"
        color="error"
        disabled={busy}
        onClick={onReject}
        data-testid="invitation-reject"
      >
        Reject
      </Button>
    </CardActions>
  </Card>
);

/** One group that may act for the user: its coordinators, what they may do, until when; Leave group. */
export const MembershipCard = ({
  membership: m,
  onLeave,
}: {
  membership: MyMembership;
  onLeave: () => void;
}) => (
  <Card component="li" variant="outlined" data-testid="membership" data-membership-id={m.membershipId}>
    <CardContent>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {m.groupName}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="membership-coordinators">
        {m.coordinators.length ? `Coordinators: ${m.coordinators.join(', ')}` : 'No coordinator yet.'}{' '}
        {m.expiresAt ? `Until ${usDate(m.expiresAt)}.` : 'No end date.'}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
        They may:
      </Typography>
      <PermissionList permissions={m.permissions} testId="membership-permissions" />
    </CardContent>
    <CardActions>
      <Button color="error" variant="outlined" onClick={onLeave} data-testid="membership-leave">
        Leave group
      </Button>
    </CardActions>
  </Card>
);

type Asking = { kind: 'reject' | 'leave' | 'revoke'; membershipId: string; groupName: string } | null;

const CONFIRM = {
  reject: { title: GROUP_MESSAGES.rejectTitle, text: GROUP_MESSAGES.rejectText, label: 'Reject' },
  leave: { title: GROUP_MESSAGES.leaveTitle, text: GROUP_MESSAGES.leaveText, label: 'Leave group' },
  revoke: { title: GROUP_MESSAGES.revokeTitle, text: GROUP_MESSAGES.revokeText, label: 'Revoke' },
} as const;

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
    <Typography id={id} component="h2" variant="h6" sx={{ mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/**
 * `/pendingApproval` (any signed-in user): invitations waiting for an answer, the groups that can act for
 * the user (Leave group), and what their coordinators did on the user's behalf (Revoke), issue 26.
 */
export const PendingApprovalScreen = () => {
  const invitations = useGetInvitationsQuery();
  const memberships = useGetMyMembershipsQuery();
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const done = useGetOnMyBehalfQuery(paging);
  const [accept, accepting] = useAcceptInviteMutation();
  const [reject, rejecting] = useRejectInviteMutation();
  const [leave, leaving] = useLeaveGroupMutation();
  const [asking, setAsking] = useState<Asking>(null);
  const active = (memberships.data ?? []).filter((m) => m.status === 'ACTIVE');
  const activeByGroup = new Map(active.map((m) => [m.groupId, m]));
  const confirm = () => {
    const a = asking;
    if (!a) return;
    const run =
      a.kind === 'reject'
        ? submit(
            () => reject({ membershipId: a.membershipId }).unwrap(),
            GROUP_MESSAGES.invitationRejected,
            'reject-invite',
          )
        : submit(
            () => leave({ membershipId: a.membershipId }).unwrap(),
            GROUP_MESSAGES.leftGroup,
            'leave-group',
          );
    void run.then(() => setAsking(null));
  };
  return (
    <PageFrame title="Groups and coordinators" testId="pending-approval">
      <Section id="invitations-title" title="Invitations">
        {invitations.isLoading ? <Loading /> : null}
        {invitations.error ? (
          <LoadError
            error={invitations.error}
            onRetry={() => void invitations.refetch()}
            testId="invitations-error"
          />
        ) : null}
        {invitations.data && invitations.data.length === 0 ? (
          <EmptyState text={GROUP_MESSAGES.noInvitations} testId="invitations-empty" />
        ) : null}
        <Box component="ul" sx={CARD_LIST}>
          {(invitations.data ?? []).map((i) => (
            <InvitationCard
              key={i.membershipId}
              invitation={i}
              busy={accepting.isLoading || rejecting.isLoading}
              onAccept={() =>
                void submit(
                  () => accept({ membershipId: i.membershipId }).unwrap(),
                  GROUP_MESSAGES.invitationAccepted,
                  'accept-invite',
                )
              }
              onReject={() =>
                setAsking({ kind: 'reject', membershipId: i.membershipId, groupName: i.groupName })
              }
            />
          ))}
        </Box>
      </Section>
      <Section id="memberships-title" title="Groups that can act for you">
        {memberships.isLoading ? <Loading /> : null}
        {memberships.error ? (
          <LoadError
            error={memberships.error}
            onRetry={() => void memberships.refetch()}
            testId="memberships-error"
          />
        ) : null}
        {memberships.data && active.length === 0 ? (
          <EmptyState text={GROUP_MESSAGES.noMemberships} testId="memberships-empty" />
        ) : null}
        <Box component="ul" sx={CARD_LIST}>
          {active.map((m) => (
            <MembershipCard
              key={m.membershipId}
              membership={m}
              onLeave={() =>
                setAsking({ kind: 'leave', membershipId: m.membershipId, groupName: m.groupName })
              }
            />
          ))}
        </Box>
      </Section>
      <Section id="on-my-behalf-title" title="Done on your behalf">
        {done.isFetching ? <Loading /> : null}
        {done.error ? (
          <LoadError error={done.error} onRetry={() => void done.refetch()} testId="on-my-behalf-error" />
        ) : null}
        {done.data && done.data.rows.length === 0 ? (
          <EmptyState text={GROUP_MESSAGES.nothingOnYourBehalf} testId="on-my-behalf-empty" />
        ) : null}
        {done.data && done.data.rows.length > 0 ? (
          <>
            <LogTable
              rows={done.data.rows}
              label="Done on your behalf"
              showGroup
              extra={{
                header: 'Revoke',
                cell: (r) => {
                  const m = activeByGroup.get(r.groupId);
                  return m ? (
                    <Button
                      size="small"
                      color="error"
                      aria-label={`Revoke the access of ${r.groupName}`}
                      data-testid="on-my-behalf-revoke"
                      onClick={() =>
                        setAsking({ kind: 'revoke', membershipId: m.membershipId, groupName: m.groupName })
                      }
                    >
                      Revoke
                    </Button>
                  ) : (
                    <Typography variant="body2" color="text.secondary" component="span">
                      Access ended
                    </Typography>
                  );
                },
              }}
            />
            <Pager
              total={done.data.total}
              page={paging.page}
              size={paging.size}
              onChange={(page, size) => setPaging({ page, size })}
              testId="on-my-behalf-pager"
            />
          </>
        ) : null}
      </Section>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? `${CONFIRM[asking.kind].title}: ${asking.groupName}` : ''}
        text={asking ? CONFIRM[asking.kind].text : ''}
        confirmLabel={asking ? CONFIRM[asking.kind].label : ''}
        busy={rejecting.isLoading || leaving.isLoading}
        testId="pending-confirm"
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      />
    </PageFrame>
  );
};
