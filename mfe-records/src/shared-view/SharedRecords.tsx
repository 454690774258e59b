import { useMemo, useState } from 'react';
import { Provider } from 'react-redux';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  PAGE_INCREMENT,
  type LibraryGridRow,
  type SharedRecordsProps,
  SHARING_DETAILS_VIEWS,
  type SharingDetailsView,
} from '@portal/contracts';
import { createRemoteStore } from '@portal/api';
import { ConfirmDialog, EmptyState } from '@portal/ui';
import { api } from '../api';
import { useLibraryGrid } from '../grid/useLibraryGrid';
import { CardList, RecordCard } from '../my-records/RecordCard';
import type { RowContext } from '../my-records/RecordParts';
import { useStars } from '../my-records/useStars';
import { rowsOfTab } from '../my-records/view';
import RecordView from '../record-view/RecordView';
import RequestStatusScreen from '../request-status/RequestStatusScreen';

const EMPTY: Record<SharingDetailsView, string> = {
  'all-requests': MESSAGES.noRecordsFound,
  favorites: MESSAGES.noFavourites,
  openRequests: MESSAGES.noOpenRequests,
  wholeBodyScans: MESSAGES.noRecordsFound,
};

/** Where a row of the shared view opens (records spec §2.3: sharing review details or sharing view-report details). */
export const sharedDetailsPath = (basePath: string, row: LibraryGridRow): string =>
  row.kind === 'request'
    ? `${basePath}/review-request-details/${row.patientRequestId}`
    : `${basePath}/view-request-report-details/${row.patientRequestId}/${row.id}`;

/**
 * One child list of sharing details: the owner's records the person sees, as the records grid reads them
 * (all records: every record of the owner, whenever added; limited: the ones granted). Favourites are the
 * owner's stars among them; nobody is shared an open request or a whole body scan. Remove takes the
 * record from the person once confirmed.
 */
const SharedList = ({
  view,
  personId,
  basePath,
  onRemove,
}: SharedRecordsProps & { view: SharingDetailsView }) => {
  const navigate = useNavigate();
  const query = useMemo(() => ({ sharedWith: personId }), [personId]);
  const library = useLibraryGrid(query);
  const stars = useStars();
  const [count, setCount] = useState(PAGE_INCREMENT);
  const [removing, setRemoving] = useState<LibraryGridRow | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = useMemo(() => {
    if (view === 'openRequests' || view === 'wholeBodyScans') return [];
    return rowsOfTab(view === 'favorites' ? 'favorites' : 'all-requests', library.rows, stars.isStarred);
  }, [view, library.rows, stars.isStarred]);
  const ctx: RowContext = useMemo(
    () => ({
      openRequestView: false,
      sharedView: true,
      open: (row) => navigate(sharedDetailsPath(basePath, row)),
      share: () => undefined,
      remove: (row) => setRemoving(row),
    }),
    [basePath, navigate],
  );
  const settled = !library.isFetching;
  const remove = async (row: LibraryGridRow) => {
    setBusy(true);
    const done = await onRemove({
      patientRequestId: row.patientRequestId,
      studyUid: row.kind === 'study' ? row.study_instance_uid : null,
      documentId: row.documentId,
    });
    setBusy(false);
    setRemoving(null);
    if (done) library.reload();
  };

  return (
    <Box data-testid={`shared-view-${view}`}>
      {view === 'all-requests' ? (
        <Typography component="h2" variant="h6" data-testid="all-studies-header" sx={{ mb: 1 }}>
          {settled ? `All Studies (${rows.length})` : 'All Studies'}
        </Typography>
      ) : null}
      {library.isFetching ? (
        <LinearProgress aria-label="Loading records" data-testid="records-loading" sx={{ mb: 2 }} />
      ) : null}
      {settled && !library.error && rows.length === 0 ? (
        <EmptyState text={EMPTY[view]} testId="records-empty" />
      ) : null}
      {rows.length ? (
        <CardList testId="record-cards">
          {rows.slice(0, count).map((r) => (
            <RecordCard
              key={r.id}
              row={r}
              starred={stars.isStarred(r)}
              onStar={() => stars.toggle(r)}
              ctx={ctx}
            />
          ))}
        </CardList>
      ) : null}
      {count < rows.length ? (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => setCount((n) => n + PAGE_INCREMENT)}
            data-testid="records-load-more"
          >
            Load More
          </Button>
        </Box>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove access"
        text={MESSAGES.removeRecordAccessConfirm}
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
        testId="remove-record-access"
      />
    </Box>
  );
};

/** Inside sharing details, the details' Back goes to the person's records. */
const backToPerson = (basePath: string) => ({ label: 'Back to Sharing', path: `${basePath}/all-requests` });

/** The record view inside sharing details. */
const SharedRecord = ({ basePath }: { basePath: string }) => {
  const { patientRequestId = '', responseId = '' } = useParams();
  return <RecordView key={`${patientRequestId}/${responseId}`} back={backToPerson(basePath)} />;
};

/**
 * The child views of sharing details (records spec §2.2: all-requests, favorites, openRequests,
 * wholeBodyScans, review-request-details, view-request-report-details with its report and imaging tabs),
 * exposed as `./SharedRecords` for mfe-sharing's page, which is mounted at `basePath/*`. It brings its
 * own store: the page that loads it belongs to another remote.
 */
const SharedRecords = (props: SharedRecordsProps) => {
  const store = useMemo(() => createRemoteStore(api), []);
  return (
    <Provider store={store}>
      <Routes>
        <Route index element={<Navigate to="all-requests" replace />} />
        {SHARING_DETAILS_VIEWS.map((view) => (
          <Route key={view} path={view} element={<SharedList view={view} {...props} />} />
        ))}
        <Route
          path="review-request-details/:id"
          element={<RequestStatusScreen back={backToPerson(props.basePath)} />}
        />
        <Route
          path="view-request-report-details/:patientRequestId/:responseId"
          element={<SharedRecord basePath={props.basePath} />}
        />
        <Route path="*" element={<Navigate to="all-requests" replace />} />
      </Routes>
    </Provider>
  );
};

export default SharedRecords;
