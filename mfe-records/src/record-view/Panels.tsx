import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { docRequestTypeName, sharedWithYouBy } from '@portal/contracts';
import { formatDay, patientNameOf, type ViewedRecord } from './record-view.rules';

/** Label and value pairs as a description list (the record view's panels and the request's patient card). */
export const Facts = ({ rows }: { rows: Array<[string, ReactNode]> }) => (
  <Box
    component="dl"
    sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
  >
    {rows.map(([label, value]) => (
      <Box key={label} sx={{ display: 'contents' }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }} data-field={label}>
          {value}
        </Typography>
      </Box>
    ))}
  </Box>
);

const Panel = ({ heading, testId, children }: { heading: string; testId: string; children: ReactNode }) => (
  <Paper variant="outlined" component="section" aria-label={heading} data-testid={testId} sx={{ p: 2 }}>
    <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
      {heading}
    </Typography>
    {children}
  </Paper>
);

/** Study details (records spec §2.4): a study's modality, description, date, images, patient, facility and dates; a document's file and type. */
export const StudyDetailsPanel = ({ record }: { record: ViewedRecord }) => {
  const study = record.response.cfind_response;
  const patient = patientNameOf(record);
  const facility = record.selfUpload ? 'Self Uploaded' : record.request.organization?.name;
  const rows: Array<[string, ReactNode]> = [];
  if (study) {
    rows.push(
      ['Modality', study.modality || '—'],
      ['Description', study.study_description || '—'],
      ['Study date', formatDay(study.study_date_time) ?? '—'],
    );
    rows.push(['Number of images', String(study.total_instances ?? 0)]);
  } else {
    rows.push(['File name', record.fileName ?? '—'], ['Record type', docRequestTypeName(record.docReqType)]);
  }
  if (patient) rows.push(['Patient name', patient]);
  rows.push(['Facility', facility || '—']);
  rows.push(
    record.selfUpload
      ? ['Added on', formatDay(record.request.created) ?? '—']
      : ['Requested on', formatDay(record.request.created) ?? '—'],
  );
  if (!record.selfUpload) rows.push(['Added on', formatDay(record.response.created) ?? '—']);
  return (
    <Panel heading={study ? 'Study details' : 'Record details'} testId="study-details">
      <Facts rows={rows} />
    </Panel>
  );
};

/**
 * Sharing (records spec §2.4): who the record is shared with, and 'Manage sharing' (not on open
 * requests); on a record shared with the caller, who shared it.
 */
export const SharingPanel = ({
  record,
  manage,
  onManage,
}: {
  record: ViewedRecord;
  manage: boolean;
  onManage: () => void;
}) => (
  <Panel heading="Sharing" testId="sharing-panel">
    {record.sharedBy ? (
      <Typography variant="body2" data-testid="shared-by">
        {sharedWithYouBy(record.sharedBy)}
      </Typography>
    ) : record.sharedWith.length ? (
      <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid="shared-with">
        {record.sharedWith.map((who) => (
          <Typography component="li" variant="body2" key={who}>
            {who}
          </Typography>
        ))}
      </Box>
    ) : (
      <Typography variant="body2" color="text.secondary" data-testid="shared-with">
        Not shared yet
      </Typography>
    )}
    {manage ? (
      <Button size="small" sx={{ mt: 1 }} onClick={onManage} data-testid="manage-sharing">
        Manage sharing
      </Button>
    ) : null}
  </Panel>
);
