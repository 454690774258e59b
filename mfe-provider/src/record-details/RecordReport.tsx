import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES, PROVIDER_API, docRequestTypeName, type ProviderDocument } from '@portal/contracts';
import { DocumentChoice, DocumentFrame } from '@portal/ui';
import { apiUrl } from '@portal/api';
import { useGetRecordReportQuery } from './record-details.api';

/** One report in an embedded frame, by a short-lived download identifier (a frame sends no bearer token). */
const ReportFrame = ({ recordId, document }: { recordId: string; document: ProviderDocument }) => {
  const { data, isFetching, isError } = useGetRecordReportQuery({ recordId, documentId: document.id });
  return (
    <DocumentFrame
      failed={isError}
      src={data && !isFetching ? apiUrl(PROVIDER_API.download(data.identifier)) : null}
      title={`Report: ${document.file_name}`}
    />
  );
};

/** The Report tab of a delivered record: "Radiologist's Report", a choice when the request has several, the chosen one in a frame. */
export const RecordReport = ({
  recordId,
  reports,
}: {
  recordId: string;
  reports: readonly ProviderDocument[];
}) => {
  const [chosenId, setChosenId] = useState(reports[0]?.id);
  const chosen = reports.find((d) => d.id === chosenId) ?? reports[0];
  return (
    <Box data-testid="report-tab">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Radiologist&apos;s Report
      </Typography>
      <DocumentChoice
        documents={reports.map((d) => ({
          id: d.id,
          fileName: d.file_name,
          typeName: docRequestTypeName(d.document_request.document_request_type.mnemonic),
        }))}
        chosenId={chosen?.id}
        onChoose={setChosenId}
      />
      {chosen ? (
        <ReportFrame key={chosen.id} recordId={recordId} document={chosen} />
      ) : (
        <Typography color="text.secondary">{MESSAGES.noRecordsAttached}</Typography>
      )}
    </Box>
  );
};
