import { useState } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { MESSAGES, PROVIDER_API, docRequestTypeName, type ProviderDocument } from '@portal/contracts';
import { DocumentFrame } from '@portal/ui';
import { apiUrl } from '@portal/api';
import { useGetRecordReportQuery } from './record-details.api';

/** One report in an embedded frame, by a short-lived download identifier (a frame sends no bearer token). */
const ReportFrame = ({ recordId, document }: { recordId: string; document: ProviderDocument }) => {
  const { data, isFetching, isError } = useGetRecordReportQuery({ recordId, documentId: document.id });
  return <DocumentFrame failed={isError} src={data && !isFetching ? apiUrl(PROVIDER_API.download(data.identifier)) : null} title={`Report: ${document.file_name}`} />;
};

/** The Report tab of a delivered record: "Radiologist's Report", a choice when the request has several, the chosen one in a frame. */
export const RecordReport = ({ recordId, reports }: { recordId: string; reports: readonly ProviderDocument[] }) => {
  const [chosenId, setChosenId] = useState(reports[0]?.id);
  const chosen = reports.find((d) => d.id === chosenId) ?? reports[0];
  return (
    <Box data-testid="report-tab">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Radiologist&apos;s Report
      </Typography>
      {reports.length > 1 ? (
        <List dense aria-label="Documents of this record" data-testid="report-list" sx={{ mb: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {reports.map((d) => (
            <ListItemButton key={d.id} selected={d.id === chosen?.id} aria-current={d.id === chosen?.id ? 'true' : undefined} onClick={() => setChosenId(d.id)} data-testid="report-choice">
              <ListItemText primary={d.file_name} secondary={docRequestTypeName(d.document_request.document_request_type.mnemonic)} sx={{ wordBreak: 'break-word' }} />
            </ListItemButton>
          ))}
        </List>
      ) : null}
      {chosen ? <ReportFrame key={chosen.id} recordId={recordId} document={chosen} /> : <Typography color="text.secondary">{MESSAGES.noRecordsAttached}</Typography>}
    </Box>
  );
};
