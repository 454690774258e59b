import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import {
  EMAIL_FACILITY_STATUS,
  PATHS,
  rowActions,
  viewDisabled,
  type LibraryGridRow,
} from '@portal/contracts';
import { EmailFacilityButton } from './EmailFacilityButton';
import { PayFeeButton } from './PayFeeButton';
import { facilityOf } from './view';

/** The star of a record: filled when starred; toggles at once, the call follows. */
export const StarButton = ({
  starred,
  name,
  onToggle,
}: {
  starred: boolean;
  name: string;
  onToggle: () => void;
}) => (
  <IconButton
    size="small"
    onClick={(e) => {
      e.stopPropagation();
      onToggle();
    }}
    onKeyDown={(e) => e.stopPropagation()}
    aria-pressed={starred}
    aria-label={starred ? `Unstar ${name}` : `Star ${name}`}
    data-testid="record-star"
    data-starred={starred}
    sx={{ color: starred ? 'warning.main' : 'text.secondary', fontSize: 20, lineHeight: 1 }}
  >
    <span aria-hidden>{starred ? '★' : '☆'}</span>
  </IconButton>
);

export interface RowContext {
  /** Where View and the card go. */
  open: (row: LibraryGridRow) => void;
  /** Share opens the Share Records dialog for the row. */
  share: (row: LibraryGridRow) => void;
  /** Remove (records spec §2.4, the shared view): the record leaves the list; asked first by the page. */
  remove?: (row: LibraryGridRow) => void;
  openRequestView: boolean;
  /** The shared view (sharing details): the owner's rows show Remove instead of Share. */
  sharedView?: boolean;
}

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

/** View (disabled by the spec's rule), Share or Remove, and Email facility or Pay fee when the status asks for it. */
export const RecordActions = ({ row, ctx }: { row: LibraryGridRow; ctx: RowContext }): ReactNode => {
  const navigate = useNavigate();
  const actions = rowActions(ctx.openRequestView, Boolean(ctx.sharedView) || row.sharedWithMe);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} onKeyDown={stop}>
      <Button
        size="small"
        variant="outlined"
        disabled={viewDisabled(row, ctx.openRequestView)}
        data-testid="record-view"
        aria-label={`View ${row.recordName}`}
        onClick={(e) => {
          stop(e);
          ctx.open(row);
        }}
      >
        View
      </Button>
      {actions.share ? (
        <Button
          size="small"
          data-testid="record-share"
          aria-label={`Share ${row.recordName}`}
          onClick={(e) => {
            stop(e);
            ctx.share(row);
          }}
        >
          Share
        </Button>
      ) : null}
      {actions.remove ? (
        <Button
          size="small"
          color="error"
          data-testid="record-remove"
          aria-label={`Remove ${row.recordName}`}
          onClick={(e) => {
            stop(e);
            if (ctx.remove) ctx.remove(row);
            else void navigate(PATHS.new.sharing);
          }}
        >
          Remove
        </Button>
      ) : null}
      {row.status === EMAIL_FACILITY_STATUS ? (
        <EmailFacilityButton patientRequestId={row.patientRequestId} facilityName={facilityOf(row)} />
      ) : null}
      {row.kind === 'request' && !row.sharedWithMe ? (
        <PayFeeButton
          patientRequestId={row.patientRequestId}
          facilityName={facilityOf(row)}
          status={row.status}
        />
      ) : null}
    </Box>
  );
};
