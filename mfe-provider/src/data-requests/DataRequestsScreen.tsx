import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { MESSAGES } from '@portal/contracts';
import { EmptyState, PageFrame, ScrollableTable, useErrorToast } from '@portal/ui';
import { useGetDataRequestsQuery } from './data-requests.api';

/** YYYY-MM-DD as MM/DD/YYYY, the spec's display format for dates of birth in lists. */
const usDate = (iso: string) => iso.replace(/^(\d{4})-(\d{2})-(\d{2}).*$/, '$2/$3/$1');

const VISUALLY_HIDDEN = { position: 'absolute', left: 0, top: 0, width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The request detail page of a data request, in the route table the list was opened from. */
const detailPath = (legacy: boolean, id: string) =>
  legacy ? `/data-request/details/${encodeURIComponent(id)}` : `/provider/patient-request-detail/${encodeURIComponent(id)}`;

/**
 * The data-request inbox: the count, Reload, and the requests to the staff member's facilities,
 * newest first, each with Open. A refused load (403: not provider staff) says why instead of
 * showing an empty inbox.
 */
export const DataRequestsScreen = () => {
  const { data, isLoading, error, refetch } = useGetDataRequestsQuery();
  const legacy = !useLocation().pathname.startsWith('/provider/');
  useErrorToast(error);
  const rows = [...(data ?? [])].sort((a, b) => String(b.created ?? '').localeCompare(String(a.created ?? '')));
  return (
    <PageFrame
      title={`${rows.length} Data requests`}
      testId="provider-data-requests"
      actions={
        <Button onClick={() => refetch()} data-testid="provider-reload">
          Reload
        </Button>
      }
    >
      {isLoading ? <LinearProgress aria-label="Loading" /> : null}
      {error ? (
        <Alert severity="error" data-testid="provider-data-requests-error">
          {error.message || MESSAGES.somethingWentWrong}
        </Alert>
      ) : null}
      {!isLoading && !error && rows.length === 0 ? <EmptyState text={MESSAGES.noDataAvailable} /> : null}
      {rows.length > 0 ? (
        <ScrollableTable label="Data requests" testId="data-requests-table">
          <Table size="small" aria-label="Data requests" sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>Patient name</TableCell>
                <TableCell>DOB</TableCell>
                <TableCell>Facility</TableCell>
                <TableCell>Records requested</TableCell>
                <TableCell>Created at</TableCell>
                <TableCell sx={{ position: 'relative' }}>
                  {/* A header for screen readers; the column only holds the Open buttons. */}
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    Open
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => {
                const patient = r.patients[0] ? `${r.patients[0].last_name}, ${r.patients[0].first_name}` : '';
                return (
                  <TableRow key={r.id} data-testid="data-request-row">
                    <TableCell>{patient}</TableCell>
                    <TableCell>{r.patients[0] ? usDate(r.patients[0].patient_dob) : ''}</TableCell>
                    <TableCell>{r.organization?.name ?? ''}</TableCell>
                    <TableCell>{(r.document_request ?? []).map((d) => d.document_request_type.name).join(', ')}</TableCell>
                    <TableCell>{r.created ? new Date(r.created).toLocaleString() : ''}</TableCell>
                    <TableCell>
                      <Button
                        component={RouterLink}
                        to={detailPath(legacy, r.id)}
                        size="small"
                        variant="outlined"
                        aria-label={`Open the request of ${patient}`}
                        data-testid="data-request-open"
                      >
                        Open
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </ScrollableTable>
      ) : null}
    </PageFrame>
  );
};
