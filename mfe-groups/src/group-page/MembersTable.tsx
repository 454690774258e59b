import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GroupMember, GroupPermission, PersonSuffix } from '@portal/contracts';
import { ScrollableTable } from '@portal/ui';
import { memberName, usDate } from '../common/format';
import { allowedActions } from '../common/member-actions';
import { MembershipActions, StatusChip, VISUALLY_HIDDEN } from '../common/ui';

/** The person screens of one member, in a menu: only those both sides allow. */
const ActFor = ({
  member,
  myPermissions,
  onAct,
}: {
  member: GroupMember;
  myPermissions: readonly GroupPermission[];
  onAct: (member: GroupMember, suffix: PersonSuffix) => void;
}) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = allowedActions(member, myPermissions);
  if (actions.length === 0) return null;
  const name = memberName(member);
  const menuId = `act-for-${member.membershipId}`;
  return (
    <>
      <Button
        size="small"
        variant="contained"
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`Open a screen of ${name}`}
        data-testid="member-act"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Open ▾
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {actions.map((a) => (
          <MenuItem
            key={a.suffix}
            data-testid={`member-action-${a.suffix}`}
            onClick={() => {
              setAnchor(null);
              onAct(member, a.suffix);
            }}
          >
            {a.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

/**
 * A group's patients: name, e-mail, status, expiry and whether their identity is verified, with the
 * person screens the caller may open for an active member, Resend for an invitation, and Remove.
 */
export const MembersTable = ({
  members,
  myPermissions,
  onAct,
  onResend,
  onRemove,
  busy = false,
}: {
  members: GroupMember[];
  myPermissions: readonly GroupPermission[];
  onAct: (member: GroupMember, suffix: PersonSuffix) => void;
  onResend: (member: GroupMember) => void;
  onRemove: (member: GroupMember) => void;
  busy?: boolean;
}) => (
  <ScrollableTable label="Patients of the group" testId="members-scroll">
    <Table size="small" aria-label="Patients of the group" sx={{ minWidth: 760 }}>
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>E-mail</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Expires</TableCell>
          <TableCell>ID verified</TableCell>
          <TableCell sx={{ position: 'relative' }}>
            <Box component="span" sx={VISUALLY_HIDDEN}>
              Actions
            </Box>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {members.map((m) => (
          <TableRow key={m.membershipId} data-testid="member-row" data-membership-id={m.membershipId}>
            <TableCell sx={{ fontWeight: 600 }}>{memberName(m)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.email}</TableCell>
            <TableCell>
              <StatusChip status={m.status} />
            </TableCell>
            <TableCell>{m.expiresAt ? usDate(m.expiresAt) : 'Never'}</TableCell>
            <TableCell data-testid="member-identity">{m.identityVerified ? 'Yes' : 'No'}</TableCell>
            <TableCell>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <ActFor member={m} myPermissions={myPermissions} onAct={onAct} />
                <MembershipActions
                  membership={m}
                  testId="member"
                  busy={busy}
                  onResend={onResend}
                  onRemove={onRemove}
                />
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </ScrollableTable>
);

/** Above the table: how many patients are active, and how many invitations are open. */
export const MembersSummary = ({ members }: { members: GroupMember[] }) => {
  const active = members.filter((m) => m.status === 'ACTIVE').length;
  const pending = members.filter((m) => m.status === 'PENDING').length;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="members-summary" sx={{ mb: 1 }}>
      {active} active, {pending} invited
    </Typography>
  );
};
