import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { MESSAGES, type ProviderDocument } from '@portal/contracts';
import { EmptyState, ScrollableTable } from '@portal/ui';
import { fileSize } from './file-size';

export interface DocumentListProps {
  documents: ProviderDocument[];
  /** Delete is off once the records are submitted. */
  canDelete: boolean;
  onOpen: (d: ProviderDocument) => void;
  onDelete: (d: ProviderDocument) => void;
}

/** The files of one document request: name, size, date, open (PDFs and images only) and delete. */
export const DocumentList = ({ documents, canDelete, onOpen, onDelete }: DocumentListProps) =>
  documents.length === 0 ? (
    <EmptyState text={MESSAGES.noRecordsAttached} testId="provider-documents-empty" />
  ) : (
    <ScrollableTable label="Uploaded files" testId="provider-documents">
      <Table size="small" aria-label="Uploaded files" sx={{ minWidth: 520 }}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Size</TableCell>
            <TableCell>Uploaded</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {documents.map((d) => (
            <TableRow key={d.id} data-testid="provider-document-row" data-document-id={d.id}>
              <TableCell sx={{ wordBreak: 'break-all' }} title={d.path}>
                {d.path && d.path !== d.file_name ? d.path : d.file_name || d.filename}
              </TableCell>
              <TableCell>{fileSize(d.size)}</TableCell>
              <TableCell>{d.created ? new Date(d.created).toLocaleString() : ''}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {d.openable ? (
                  <Button
                    size="small"
                    onClick={() => onOpen(d)}
                    data-testid="provider-document-open"
                    aria-label={`Open ${d.file_name}`}
                  >
                    Open
                  </Button>
                ) : null}
                <Button
                  size="small"
                  color="error"
                  disabled={!canDelete}
                  onClick={() => onDelete(d)}
                  data-testid="provider-document-delete"
                  aria-label={`Delete ${d.file_name}`}
                >
                  Delete
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
