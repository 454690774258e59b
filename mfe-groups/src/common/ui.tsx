import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  GROUP_PAGE_SIZES,
  GROUP_PERMISSION_TEXT,
  MEMBERSHIP_STATUS_TEXT,
  MESSAGES,
  type GroupMember,
  type GroupPermission,
  type MembershipStatus,
} from '@portal/contracts';
import { memberName } from './format';

/** The bar shown while a list or a page loads. */
export const Loading = () => <LinearProgress aria-label="Loading" sx={{ my: 1 }} />;

/** A failed load, in the server's words, with Try again. */
export const LoadError = ({
  error,
  onRetry,
  testId = 'load-error',
}: {
  error: { message?: string } | undefined | null;
  onRetry?: () => void;
  testId?: string;
}) => (
  <Alert
    severity="error"
    data-testid={testId}
    sx={{ my: 1 }}
    action={
      onRetry ? (
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      ) : undefined
    }
  >
    {error?.message || MESSAGES.somethingWentWrong}
  </Alert>
);

const STATUS_COLOR: Record<MembershipStatus, 'success' | 'warning' | 'default' | 'error'> = {
  ACTIVE: 'success',
  PENDING: 'warning',
  REJECTED: 'error',
  LEFT: 'default',
  REMOVED: 'default',
};

/** A membership's status in words. */
export const StatusChip = ({ status }: { status: MembershipStatus }) => (
  <Chip
    size="small"
    label={MEMBERSHIP_STATUS_TEXT[status] ?? status}
    color={STATUS_COLOR[status] ?? 'default'}
    variant={status === 'ACTIVE' || status === 'PENDING' ? 'filled' : 'outlined'}
    data-testid="membership-status"
    data-status={status}
  />
);

/** Permissions in plain words: each name with what it lets the group do. */
export const PermissionList = ({
  permissions,
  testId = 'permission-list',
}: {
  permissions: readonly GroupPermission[];
  testId?: string;
}) =>
  permissions.length === 0 ? (
    <Typography variant="body2" color="text.secondary" data-testid={testId}>
      No permissions.
    </Typography>
  ) : (
    <Box component="ul" data-testid={testId} sx={{ m: 0, pl: 2.5 }}>
      {permissions.map((p) => (
        <Typography component="li" variant="body2" key={p} data-permission={p}>
          <strong>{GROUP_PERMISSION_TEXT[p]?.name ?? p}</strong>
          {GROUP_PERMISSION_TEXT[p] ? `: ${GROUP_PERMISSION_TEXT[p].description}` : ''}
        </Typography>
      ))}
    </Box>
  );

/** A label and its value, as a pair of a description list. */
export const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
      gap: { xs: 0, sm: 2 },
      py: 0.5,
    }}
  >
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
      {children}
    </Typography>
  </Box>
);

/** The screen-reader-only style (a header of a column of buttons). */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The pager of the logs, the worklist and "done on your behalf" (GROUP_PAGE_SIZES; pages count from 1). */
export const Pager = ({
  total,
  page,
  size,
  onChange,
  testId,
}: {
  total: number;
  page: number;
  size: number;
  onChange: (page: number, size: number) => void;
  testId: string;
}) => (
  <TablePagination
    component="div"
    count={total}
    page={Math.max(0, page - 1)}
    rowsPerPage={size}
    rowsPerPageOptions={[...GROUP_PAGE_SIZES]}
    onPageChange={(_e, p) => onChange(p + 1, size)}
    onRowsPerPageChange={(e) => onChange(1, Number(e.target.value))}
    data-testid={testId}
  />
);

/**
 * Resend for an invitation not answered yet, Remove for a live or pending membership: the same two
 * actions on a patient's row and a coordinator's (`testId` names the row kind: member-resend, coordinator-remove).
 */
export const MembershipActions = ({
  membership,
  testId,
  busy = false,
  onResend,
  onRemove,
}: {
  membership: GroupMember;
  testId: 'member' | 'coordinator';
  busy?: boolean;
  onResend: (m: GroupMember) => void;
  onRemove: (m: GroupMember) => void;
}) => (
  <>
    {membership.status === 'PENDING' ? (
      <Button
        size="small"
        variant="outlined"
        disabled={busy}
        aria-label={`Resend the invitation to ${memberName(membership)}`}
        data-testid={`${testId}-resend`}
        onClick={() => onResend(membership)}
      >
        Resend invitation
      </Button>
    ) : null}
    {membership.status === 'ACTIVE' || membership.status === 'PENDING' ? (
      <Button
        size="small"
        color="error"
        disabled={busy}
        aria-label={`Remove ${memberName(membership)}`}
        data-testid={`${testId}-remove`}
        onClick={() => onRemove(membership)}
      >
        Remove
      </Button>
    ) : null}
  </>
);
