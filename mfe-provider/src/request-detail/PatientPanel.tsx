import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  TIMELINE_EVENT_NAMES,
  timelineDetail,
  type DataRequestDetail,
  type OtherDocument,
} from '@portal/contracts';
import { StatusTag } from '@portal/ui';
import { dueLabel, dueTone, usDate } from '../data-requests/due';
import { Fact } from '../Fact';

const OTHER_DOCUMENT_NAMES: Record<OtherDocument['kind'], string> = {
  authorization_form: 'Authorization form',
  govt_id: 'Photo ID',
  legal_doc: 'Legal document',
};

const dateRange = (from: string | null, to: string | null) =>
  from || to ? `${usDate(from) || '…'} – ${usDate(to) || '…'}` : 'Any date';

export interface PatientPanelProps {
  request: DataRequestDetail;
  attachments: OtherDocument[];
  onOpenAttachment: (d: OtherDocument) => void;
}

/** The left panel: who and what is asked, the legal due date, the request's life so far and what the patient sent. */
export const PatientPanel = ({ request: r, attachments, onOpenAttachment }: PatientPanelProps) => {
  const tone = dueTone(r.days_left);
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="provider-patient-panel">
      <Fact label="Patient DOB" testId="detail-dob">
        {usDate(r.patients[0]?.patient_dob)}
      </Fact>
      <Fact label="Records requested" testId="detail-records-requested">
        {r.document_request.map((d) => d.document_request_type.name).join(', ')}
      </Fact>
      <Fact label="Date range" testId="detail-date-range">
        {dateRange(r.date_from, r.date_to)}
      </Fact>
      <Fact label="Body part" testId="detail-body-part">
        {r.body_parts.join(', ')}
      </Fact>
      <Fact label="Requested on" testId="detail-requested-on">
        {r.created ? new Date(r.created).toLocaleDateString() : ''}
      </Fact>
      <Fact label="Due date" testId="detail-due">
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {usDate(r.due_date)}
          {tone === 'answered' ? null : (
            <Chip
              size="small"
              label={dueLabel(r.days_left)}
              color={tone === 'overdue' ? 'error' : tone === 'soon' ? 'warning' : 'default'}
              data-tone={tone}
            />
          )}
        </Box>
      </Fact>
      {r.status?.name ? (
        <Fact label="Status" testId="detail-status">
          <StatusTag status={r.status.name} />
        </Fact>
      ) : null}
      <Divider sx={{ my: 2 }} />
      <Typography component="h2" variant="subtitle2" sx={{ mb: 1 }}>
        Timeline
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Timeline">
        {r.timeline.map((t, i) => (
          <Box
            component="li"
            key={`${t.event}-${i}`}
            data-testid="provider-timeline-entry"
            data-event={t.event}
            sx={{ mb: 1, pl: 1.5, borderLeft: 2, borderColor: 'primary.light' }}
          >
            <Typography variant="body2">{TIMELINE_EVENT_NAMES[t.event] ?? t.event}</Typography>
            <Typography variant="caption" color="text.secondary">
              {new Date(t.at).toLocaleString()}
              {timelineDetail(t) ? ` · ${timelineDetail(t)}` : ''}
            </Typography>
          </Box>
        ))}
      </Box>
      <Divider sx={{ my: 2 }} />
      <Typography component="h2" variant="subtitle2" sx={{ mb: 1 }}>
        Sent by the patient
      </Typography>
      {attachments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing attached
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {attachments.map((a) => (
            <Box
              component="li"
              key={a.id}
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
              data-testid="provider-attachment"
            >
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {OTHER_DOCUMENT_NAMES[a.kind] ?? a.kind}: {a.file_name}
              </Typography>
              <Button
                size="small"
                onClick={() => onOpenAttachment(a)}
                data-testid="provider-attachment-open"
                aria-label={`Open ${a.file_name}`}
              >
                Open
              </Button>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
};
