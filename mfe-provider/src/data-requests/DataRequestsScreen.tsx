import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  DATA_REQUEST_PAGE_SIZE,
  INBOX_SEARCH_CAP,
  MESSAGES,
  type DataRequest,
  type DataRequestSort,
} from '@portal/contracts';
import {
  EmptyState,
  PageFrame,
  ScrollableTable,
  StatusTag,
  TablePager,
  useDebouncedValue,
  useErrorToast,
} from '@portal/ui';
import { detailPath, isLegacyPath } from '../paths';
import { useGetDataRequestsQuery } from './data-requests.api';
import { dueLabel, dueSummary, dueTone, usDate, type DueTone } from './due';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  left: 0,
  top: 0,
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
const SEARCH_DEBOUNCE_MS = 300;
const DUE_CHIP: Record<DueTone, 'error' | 'warning' | 'default'> = {
  overdue: 'error',
  soon: 'warning',
  ok: 'default',
  answered: 'default',
};

const patientName = (r: DataRequest) =>
  r.patients[0] ? `${r.patients[0].last_name}, ${r.patients[0].first_name}` : '';

/** The due date and how near it is: a red chip once overdue, an amber one when due soon. */
const DueCell = ({ r }: { r: DataRequest }) => {
  const tone = dueTone(r.days_left);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      <span>{usDate(r.due_date)}</span>
      {tone === 'answered' ? null : (
        <Chip
          size="small"
          label={dueLabel(r.days_left)}
          color={DUE_CHIP[tone]}
          variant={tone === 'ok' ? 'outlined' : 'filled'}
          data-testid="data-request-due"
          data-tone={tone}
        />
      )}
    </Box>
  );
};

/**
 * The data-request inbox: the count, Reload, a search by patient, date of birth or date, and one page
 * of the requests to the staff member's facilities, each with its due date and Open. A refused load
 * (403: not provider staff) says why instead of showing an empty inbox.
 */
export const DataRequestsScreen = () => {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DATA_REQUEST_PAGE_SIZE);
  const [sort, setSort] = useState<DataRequestSort>('created');
  const settled = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const { data, isLoading, isFetching, error, refetch } = useGetDataRequestsQuery({
    search: settled,
    page,
    pageSize,
    sort,
  });
  const legacy = isLegacyPath(useLocation().pathname);
  useErrorToast(error);
  const rows = data?.rows ?? [];
  const summary = data ? dueSummary(data.overdue, data.dueSoon) : '';
  return (
    <PageFrame
      title={`${search.trim() && (data?.total ?? 0) >= INBOX_SEARCH_CAP ? `${INBOX_SEARCH_CAP}+` : (data?.total ?? 0)} Data requests`}
      testId="provider-data-requests"
      actions={
        <Button onClick={() => void refetch()} data-testid="provider-reload">
          Reload
        </Button>
      }
    >
      <TextField
        label="Search by patient, DOB or date"
        size="small"
        fullWidth
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(0);
        }}
        sx={{ maxWidth: 420, mb: 2, mr: 2 }}
        slotProps={{ htmlInput: { 'data-testid': 'data-requests-search', maxLength: 100 } }}
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={sort}
        onChange={(_e, next: DataRequestSort | null) => {
          if (!next) return;
          setSort(next);
          setPage(0);
        }}
        aria-label="Sort data requests"
        data-testid="data-requests-sort"
        sx={{ mb: 2 }}
      >
        <ToggleButton value="created" data-testid="data-requests-sort-created">
          Newest first
        </ToggleButton>
        <ToggleButton value="due" data-testid="data-requests-sort-due">
          Due first
        </ToggleButton>
      </ToggleButtonGroup>
      {summary ? (
        <Alert
          severity={data?.overdue ? 'warning' : 'info'}
          data-testid="data-requests-due-summary"
          sx={{ mb: 2 }}
        >
          {summary}
        </Alert>
      ) : null}
      {isLoading || isFetching ? <LinearProgress aria-label="Loading" /> : null}
      {error ? (
        <Alert severity="error" data-testid="provider-data-requests-error">
          {error.message || MESSAGES.somethingWentWrong}
        </Alert>
      ) : null}
      {!isLoading && !error && rows.length === 0 ? (
        <EmptyState text={settled.trim() ? MESSAGES.noDataAvailable : MESSAGES.noDataRequests} />
      ) : null}
      {rows.length > 0 ? (
        <>
          <ScrollableTable label="Data requests" testId="data-requests-table">
            <Table size="small" aria-label="Data requests" sx={{ minWidth: 860 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Patient name</TableCell>
                  <TableCell>DOB</TableCell>
                  <TableCell>Facility</TableCell>
                  <TableCell>Records requested</TableCell>
                  <TableCell>Created at</TableCell>
                  <TableCell>Due</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell sx={{ position: 'relative' }}>
                    {/* A header for screen readers; the column only holds the Open buttons. */}
                    <Box component="span" sx={VISUALLY_HIDDEN}>
                      Open
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id} data-testid="data-request-row" data-request-id={r.id}>
                    <TableCell>{patientName(r)}</TableCell>
                    <TableCell>{usDate(r.patients[0]?.patient_dob)}</TableCell>
                    <TableCell>{r.organization?.name ?? ''}</TableCell>
                    <TableCell>
                      {(r.document_request ?? []).map((d) => d.document_request_type.name).join(', ')}
                    </TableCell>
                    <TableCell>{r.created ? new Date(r.created).toLocaleString() : ''}</TableCell>
                    <TableCell>
                      <DueCell r={r} />
                    </TableCell>
                    <TableCell>{r.status?.name ? <StatusTag status={r.status.name} /> : null}</TableCell>
                    <TableCell>
                      <Button
                        component={RouterLink}
                        to={detailPath(legacy, r.id)}
                        size="small"
                        variant="outlined"
                        aria-label={`Open the request of ${patientName(r)}`}
                        data-testid="data-request-open"
                      >
                        Open
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollableTable>
          <TablePager
            count={data?.total ?? 0}
            page={page}
            rowsPerPage={pageSize}
            onChange={(p, size) => {
              setPage(p);
              setPageSize(size);
            }}
            testId="data-requests-pagination"
          />
        </>
      ) : null}
    </PageFrame>
  );
};
