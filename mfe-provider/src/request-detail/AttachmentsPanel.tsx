import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { PROVIDER_PROGRESS_THRESHOLD, type DocumentRequest, type ProviderDocument } from '@portal/contracts';
import { DocumentList } from './DocumentList';
import { DropZone } from './DropZone';
import type { PickedFile } from './folder-reading';
import { UploadProgressCircle } from './UploadProgressCircle';
import { acceptOf, takesFolders } from './upload';
import type { UploadProgress } from './useProviderUpload';

export interface AttachmentsPanelProps {
  documentRequests: DocumentRequest[];
  selected: DocumentRequest | undefined;
  onSelect: (documentRequestId: string) => void;
  documents: ProviderDocument[];
  loadingDocuments: boolean;
  submittedAt: string | null;
  uploadAllowed: boolean;
  progress: UploadProgress | null;
  onFiles: (files: PickedFile[]) => void;
  onOpen: (d: ProviderDocument) => void;
  onDelete: (d: ProviderDocument) => void;
}

/** The attachments panel: a pill tab per record type, its upload and its files. */
export const AttachmentsPanel = (p: AttachmentsPanelProps) => {
  const mnemonic = p.selected?.document_request_type.mnemonic ?? '';
  const rejection = p.selected?.rejection;
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="provider-attachments-panel">
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', mb: 2 }}
        role="tablist"
        aria-label="Record types"
      >
        {p.documentRequests.map((d) => {
          const on = d.id === p.selected?.id;
          return (
            <Chip
              key={d.id ?? d.document_request_type.mnemonic}
              label={d.document_request_type.name}
              role="tab"
              aria-selected={on}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => d.id && p.onSelect(d.id)}
              data-testid={`document-request-tab-${d.document_request_type.mnemonic}`}
              data-rejected={d.rejection ? 'true' : undefined}
            />
          );
        })}
      </Stack>
      {p.submittedAt ? (
        <Alert severity="success" data-testid="request-submitted" sx={{ mb: 2 }}>
          Records submitted on {new Date(p.submittedAt).toLocaleString()}
        </Alert>
      ) : null}
      {rejection ? (
        <Alert severity="warning" data-testid="document-request-rejected" sx={{ mb: 2 }}>
          Rejected: {rejection.reason}
        </Alert>
      ) : null}
      <Box sx={{ mb: 2 }}>
        {p.progress && p.progress.total >= PROVIDER_PROGRESS_THRESHOLD ? (
          <UploadProgressCircle done={p.progress.done} total={p.progress.total} />
        ) : (
          <>
            <DropZone
              folders={takesFolders(mnemonic)}
              accept={acceptOf(mnemonic)}
              disabled={!p.uploadAllowed || !p.selected?.id}
              onFiles={p.onFiles}
            />
            {p.progress ? (
              <LinearProgress aria-label="Uploading" data-testid="provider-uploading" sx={{ mt: 1 }} />
            ) : null}
          </>
        )}
      </Box>
      {p.loadingDocuments ? <LinearProgress aria-label="Loading files" /> : null}
      <DocumentList
        documents={p.documents}
        canDelete={!p.submittedAt && !p.progress}
        onOpen={p.onOpen}
        onDelete={p.onDelete}
      />
    </Paper>
  );
};
