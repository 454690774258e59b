import { Provider } from 'react-redux';
import { Navigate, Route, Routes } from 'react-router';
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@portal/contracts';
import { portalBaseQuery } from '@portal/api';
import { getUser } from '@portal/session';
import { EmptyState, PageFrame } from '@portal/ui';

/** The provider data request of the spec: patients[0] holds first_name, last_name, patient_dob. */
interface DataRequest {
  id: string;
  patients: { first_name: string; last_name: string; patient_dob: string }[];
  organization?: { name?: string };
  document_request?: { document_request_type: { name: string } }[];
  created?: string;
}

/** YYYY-MM-DD as MM/DD/YYYY, the spec's display format for dates of birth in lists. */
const usDate = (iso: string) => iso.replace(/^(\d{4})-(\d{2})-(\d{2}).*$/, '$2/$3/$1');

const providerApi = createApi({
  reducerPath: 'providerApi',
  baseQuery: portalBaseQuery('/api'),
  endpoints: (build) => ({
    getDataRequests: build.query<DataRequest[], void>({ query: () => ({ url: '/getPatientRequestsForExternalProvider', retry: 2 }) }),
  }),
});
const store = configureStore({
  reducer: { [providerApi.reducerPath]: providerApi.reducer },
  middleware: (getDefault) => getDefault().concat(providerApi.middleware),
});

export const Welcome = () => {
  const first = getUser()?.firstName ?? '';
  return (
    <PageFrame title={`Welcome, ${first}!`} testId="provider-welcome">
      <TextField label="Search patient or request" size="small" fullWidth sx={{ maxWidth: 480 }} slotProps={{ htmlInput: { 'data-testid': 'provider-search' } }} />
    </PageFrame>
  );
};

const DataRequests = () => {
  const { data, isLoading, refetch } = providerApi.useGetDataRequestsQuery();
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
                  <TableCell>{r.patients[0] ? `${r.patients[0].last_name}, ${r.patients[0].first_name}` : ''}</TableCell>
                  <TableCell>{r.patients[0] ? usDate(r.patients[0].patient_dob) : ''}</TableCell>
                  <TableCell>{r.organization?.name ?? ''}</TableCell>
                  <TableCell>{(r.document_request ?? []).map((d) => d.document_request_type.name).join(', ')}</TableCell>
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

export const Root = () => (
  <Provider store={store}>
    <Routes>
      <Route path="/provider/all-records" element={<Welcome />} />
      <Route path="/provider/external-requests" element={<DataRequests />} />
      <Route path="/provider/settings" element={<PageFrame title="Settings" />} />
      <Route path="/provider/patient-request-detail/*" element={<PageFrame title="Request detail" />} />
      <Route path="/provider/review-request-details/*" element={<PageFrame title="Request detail" />} />
      <Route path="/provider/view-request-report-details/*" element={<PageFrame title="Report" />} />
      <Route path="/provider/*" element={<Navigate to="/provider/all-records" replace />} />
      <Route path="/dataRequest" element={<DataRequests />} />
      <Route path="/data-request/*" element={<PageFrame title="Request detail" />} />
      <Route path="*" element={null} />
    </Routes>
  </Provider>
);
