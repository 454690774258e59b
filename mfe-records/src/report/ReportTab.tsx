import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type LibraryAttachment, MESSAGES, docRequestTypeName } from '@portal/contracts';
import { DocumentChoice, DocumentFrame } from '@portal/ui';
import { useGetAttachmentContentQuery } from '../record-view/record-view.api';
import { downloadUrl } from './open-window';
import { useEnhancedReport } from './use-enhanced-report';

const REPORT_TYPES = ['REPORTS', 'RADIOLOGY_REPORTS'];

/** The report shown first: the first radiology report (an enhanceable one, or of a report type), else the first document. */
export const firstReport = (documents: readonly LibraryAttachment[]): LibraryAttachment | undefined =>
  documents.find((d) => d.enhanceable) ??
  documents.find((d) => REPORT_TYPES.includes(d.document_request_type)) ??
  documents[0];

/** One document in an embedded frame, opened by a short-lived download identifier. */
const ReportFrame = ({
  patientRequestId,
  document,
}: {
  patientRequestId: string;
  document: LibraryAttachment;
}) => {
  const { data, isFetching, isError } = useGetAttachmentContentQuery({
    patientRequestId,
    attachmentId: document.id,
  });
  return (
    <DocumentFrame
      failed={isError}
      src={data && !isFetching ? downloadUrl(data.identifier) : null}
      title={`Report: ${document.file_name}`}
    />
  );
};

/** The enhanced (patient-friendly) report of an enhanceable report: a short text and 'View Enhanced Report'. */
const EnhancedReport = ({
  patientRequestId,
  attachmentId,
}: {
  patientRequestId: string;
  attachmentId: string;
}) => {
  const { open, pending } = useEnhancedReport(patientRequestId);
  const busy = pending === attachmentId;
  return (
    <Paper
      variant="outlined"
      data-testid="enhanced-report"
      sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}
    >
      <Box sx={{ flex: '1 1 260px' }}>
        <Typography variant="subtitle2" component="h3">
          Patient-friendly report
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A patient-friendly version of this report can be generated: it explains the report&apos;s medical
          terms in plain language. It is for information only; your doctor&apos;s reading of the report comes
          first.
        </Typography>
      </Box>
      <Button
        variant="contained"
        data-testid="view-enhanced-report"
        onClick={() => void open(attachmentId)}
        disabled={Boolean(pending)}
        aria-busy={busy}
        startIcon={
          busy ? (
            <CircularProgress size={16} color="inherit" aria-label="Generating the enhanced report" />
          ) : undefined
        }
      >
        View Enhanced Report
      </Button>
    </Paper>
  );
};

/**
 * The Report tab (records spec §2.4): "Radiologist's Report", a choice of document when the response
 * has several, the chosen one in an embedded frame, and the enhanced report of an enhanceable one.
 */
export const ReportTab = ({
  patientRequestId,
  documents,
}: {
  patientRequestId: string;
  documents: readonly LibraryAttachment[];
}) => {
  const [chosenId, setChosenId] = useState<string | undefined>(() => firstReport(documents)?.id);
  const chosen = documents.find((d) => d.id === chosenId) ?? firstReport(documents);
  return (
    <Box data-testid="report-tab">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Radiologist&apos;s Report
      </Typography>
      <DocumentChoice
        documents={documents.map((d) => ({
          id: d.id,
          fileName: d.file_name,
          typeName: docRequestTypeName(d.document_request_type),
        }))}
        chosenId={chosen?.id}
        onChoose={setChosenId}
      />
      {chosen ? (
        <>
          {chosen.enhanceable ? (
            <EnhancedReport patientRequestId={patientRequestId} attachmentId={chosen.id} />
          ) : null}
          <ReportFrame key={chosen.id} patientRequestId={patientRequestId} document={chosen} />
        </>
      ) : (
        <Typography color="text.secondary">{MESSAGES.noRecordsAttached}</Typography>
      )}
    </Box>
  );
};
