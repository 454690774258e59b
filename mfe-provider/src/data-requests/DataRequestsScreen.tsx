import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { MESSAGES } from '@portal/contracts';
import { EmptyState, PageFrame } from '@portal/ui';
import { useGetDataRequestsQuery } from './data-requests.api';

/** YYYY-MM-DD as MM/DD/YYYY, the spec's display format for dates of birth in lists. */
const usDate = (iso: string) => iso.replace(/^(\d{4})-(\d{2})-(\d{2}).*$/, '$2/$3/$1');

/** The data-request inbox: the count, Reload, and the requests to the staff member's facilities, newest first. */
export const DataRequestsScreen = () => {
  const { data, isLoading, refetch } = useGetDataRequestsQuery();
  const rows = [...(data ?? [])].sort((a, b) =>
    String(b.created ?? '').localeCompare(String(a.created ?? '')),
  );
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
      {!isLoading && rows.length === 0 ? <EmptyState text={MESSAGES.noDataAvailable} /> : null}
      {rows.length > 0 ? (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Data requests">
            <TableHead>
              <TableRow>
                <TableCell>Patient name</TableCell>
                <TableCell>DOB</TableCell>
                <TableCell>Facility</TableCell>
                <TableCell>Records requested</TableCell>
                <TableCell>Created at</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} data-testid="data-request-row">
                  <TableCell>
                    {r.patients[0] ? `${r.patients[0].last_name}, ${r.patients[0].first_name}` : ''}
                  </TableCell>
                  <TableCell>{r.patients[0] ? usDate(r.patients[0].patient_dob) : ''}</TableCell>
                  <TableCell>{r.organization?.name ?? ''}</TableCell>
                  <TableCell>
                    {(r.document_request ?? []).map((d) => d.document_request_type.name).join(', ')}
                  </TableCell>
                  <TableCell>{r.created ? new Date(r.created).toLocaleString() : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </PageFrame>
  );
};
