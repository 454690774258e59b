import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  leaveShareConfirm,
  MESSAGES,
  PAGE_INCREMENT,
  PATHS,
  type GridLoadQuery,
  type LibraryGridRow,
  type RecordsView,
} from '@portal/contracts';
import { queryError } from '@portal/api';
import { activeRole, getRouteTable, paths } from '@portal/session';
import { ConfirmDialog, EmailConfirmNotice, EmptyState, PageFrame, toast } from '@portal/ui';
import { useLibraryGrid } from '../grid/useLibraryGrid';
import { UploadDialog } from '../upload/UploadDialog';
import { OpenRequestCards, OpenRequestStrip } from './OpenRequestCards';
import { StorageNotice } from './StorageNotice';
import { CardList, RecordCard } from './RecordCard';
import { ShareRecordsDialog, shareRecordOf } from '../share/ShareRecordsDialog';
import type { RowContext } from './RecordParts';
import { RecordsTable } from './RecordsTable';
import { DETAIL_ROUTES, isTab, visibleTabs, type TabRoute } from './tabs';
import { useStars } from './useStars';
import { useLeaveShareMutation } from './my-records.api';
import { detailsPathOf, openRequestsOf, rowsOfTab } from './view';
import { WholeBodyScansTab } from '../whole-body-scans/WholeBodyScansTab';
import { useLoadWholeBodyScansQuery } from '../whole-body-scans/whole-body-scans.api';

const LEGACY_TAB_PATHS: Partial<Record<TabRoute, string>> = {
  'all-requests': PATHS.legacy.patientHome,
  'open-requests': PATHS.legacy.openRequests,
  'shared-with-me': PATHS.legacy.sharedWithMe,
  'whole-body-scans': PATHS.legacy.wholeBodyScans,
};
/** A tab's page: the older table's own page where it has one. */
const tabPath = (t: TabRoute, legacy: boolean) =>
  (legacy && LEGACY_TAB_PATHS[t]) || `${PATHS.new.myRecords}/${t}`;

const EMPTY_TEXT: Record<TabRoute, string> = {
  'all-requests': MESSAGES.noRecordsAndImaging,
  imaging: MESSAGES.noRecordsFound,
  favorites: MESSAGES.noFavourites,
  'whole-body-scans': MESSAGES.noRecordsFound,
  'shared-with-me': MESSAGES.noTrustedProviders,
  'open-requests': MESSAGES.noOpenRequests,
};

const OWN_GRID: GridLoadQuery = {};
const SHARED_GRID: GridLoadQuery = { onlyShared: true };

/** A person whose active role is EXTERNAL_VIEWER only has records shared with them. */
const isExternalViewer = () => activeRole() === 'EXTERNAL_VIEWER';

/**
 * My Records and Imaging (records spec §2.3): the Open Requests strip, the tab chips, and the tab's
 * records as cards (4 first, Load More adds 4) or as a table (grid=true), loaded through the grid
 * protocol; Upload opens the upload dialog, Request Records goes to the home route.
 */
const MyRecords = ({ legacyTab }: { legacyTab?: TabRoute }) => {
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const externalViewer = isExternalViewer();
  const legacy = getRouteTable() === 'legacy';
  const home = !legacyTab && location.pathname.startsWith(PATHS.new.recordsHome);
  const view: RecordsView = home ? 'home' : 'default';
  const segment = legacyTab ?? (home ? 'all-requests' : params.tab);
  // The Whole Body Scans chip shows only when the patient has scans (records spec §2.3).
  const scans = useLoadWholeBodyScansQuery(externalViewer ? skipToken : undefined);
  const hasWholeBodyScans = (scans.data?.length ?? 0) > 0;
  const tabs = visibleTabs({ externalViewer, sharedView: false, hasWholeBodyScans });
  const fallback: TabRoute = externalViewer ? 'shared-with-me' : 'all-requests';
  // Opened at the scans tab: it stays until the check of scans has answered (and says why when it failed).
  const waitingForScans =
    segment === 'whole-body-scans' && !externalViewer && (scans.isLoading || Boolean(scans.error));
  const shown = waitingForScans || (isTab(segment) && tabs.some((t) => t.route === segment));
  const tab: TabRoute = shown ? segment : fallback;
  const grid = search.get('grid') === 'true';

  useEffect(() => {
    // Anything that is not a tab shown to this person (or a details page) opens the default tab.
    if (!shown && !DETAIL_ROUTES.includes(segment ?? ''))
      void navigate(tabPath(fallback, legacy), { replace: true });
  }, [shown, segment, fallback, legacy, navigate]);

  const library = useLibraryGrid(tab === 'shared-with-me' ? SHARED_GRID : OWN_GRID);
  const stars = useStars();
  // `?upload=records|images`: a coordinator's addRecords and uploadImages open the upload straight away
  // (decision 0027); the file's own type picks the record type as always.
  const [uploading, setUploading] = useState(() => search.has('upload'));
  const [sharing, setSharing] = useState<LibraryGridRow | null>(null);
  // Remove of a record shared with the caller: they leave that owner's share, once confirmed.
  const [leaving, setLeaving] = useState<LibraryGridRow | null>(null);
  const [leaveShare, left] = useLeaveShareMutation();
  const leave = async (row: LibraryGridRow) => {
    try {
      if (row.sharedByUserId && (await leaveShare(row.sharedByUserId).unwrap()) === 'OK')
        toast.success(MESSAGES.shareLeft, 'leave-share');
    } catch (e) {
      toast.error(queryError(e).message, 'leave-share');
    }
    setLeaving(null);
    library.reload();
  };
  const [count, setCount] = useState(PAGE_INCREMENT);
  useEffect(() => setCount(PAGE_INCREMENT), [tab, grid]);

  const rows = useMemo(
    () => rowsOfTab(tab, library.rows, stars.isStarred),
    [tab, library.rows, stars.isStarred],
  );
  // The shared grid holds other people's records: no open requests of the caller's own there.
  const openRequests = useMemo(
    () => (externalViewer || tab === 'shared-with-me' ? [] : openRequestsOf(library.rows)),
    [externalViewer, tab, library.rows],
  );
  const settled = !library.isFetching;
  // One identity per tab, so memoised rows do not re-render when other rows arrive.
  const ctx: RowContext = useMemo(
    () => ({
      openRequestView: tab === 'open-requests',
      open: (row: LibraryGridRow) => navigate(detailsPathOf(row, view, home ? 'home' : tab)),
      share: (row: LibraryGridRow) => setSharing(row),
      remove: (row: LibraryGridRow) => setLeaving(row),
    }),
    [tab, view, home, navigate],
  );
  const go = (t: TabRoute) => navigate(`${tabPath(t, legacy)}${grid ? '?grid=true' : ''}`);
  const setGrid = (on: boolean) => {
    const next = new URLSearchParams(search);
    if (on) next.set('grid', 'true');
    else next.delete('grid');
    setSearch(next);
  };

  const scansTab = tab === 'whole-body-scans';
  const list = tab === 'open-requests' ? openRequests : scansTab ? [] : rows;
  const empty = !scansTab && settled && !library.error && list.length === 0;

  return (
    <PageFrame
      title="My Records and Imaging"
      testId="my-records"
      actions={
        externalViewer ? undefined : (
          <>
            <Button variant="outlined" data-testid="records-upload" onClick={() => setUploading(true)}>
              Upload
            </Button>
            <Button
              variant="contained"
              data-testid="records-request"
              onClick={() => navigate(paths().landing)}
            >
              Request Records
            </Button>
          </>
        )
      }
    >
      <StorageNotice skip={externalViewer} />
      {!externalViewer && tab !== 'open-requests' && openRequests.length > 0 ? (
        <OpenRequestStrip requests={openRequests} viewAllTo={tabPath('open-requests', legacy)} />
      ) : null}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 2,
        }}
      >
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
          role="tablist"
          aria-label="Record lists"
        >
          {tabs.map((t) => (
            <Chip
              key={t.route}
              label={t.label}
              role="tab"
              aria-selected={tab === t.route}
              color={tab === t.route ? 'primary' : 'default'}
              variant={tab === t.route ? 'filled' : 'outlined'}
              onClick={() => go(t.route)}
              data-testid={`tab-${t.route}`}
            />
          ))}
        </Stack>
        {tab !== 'whole-body-scans' && tab !== 'open-requests' ? (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={grid ? 'grid' : 'cards'}
            onChange={(_e, v: string | null) => v && setGrid(v === 'grid')}
            aria-label="Show records as"
          >
            <ToggleButton value="cards" data-testid="records-view-cards">
              Cards
            </ToggleButton>
            <ToggleButton value="grid" data-testid="records-view-grid">
              Grid
            </ToggleButton>
          </ToggleButtonGroup>
        ) : null}
      </Box>
      {tab === 'all-requests' ? (
        <Typography component="h2" variant="h6" data-testid="all-studies-header" sx={{ mb: 1 }}>
          {allStudiesHeader(settled ? rows.length : null)}
        </Typography>
      ) : null}
      {tab === 'imaging' && (settled || rows.length > 0) ? (
        <Typography component="h2" variant="h6" data-testid="imaging-header" sx={{ mb: 1 }}>
          {rows.length} studies
        </Typography>
      ) : null}
      {tab === 'shared-with-me' ? <EmailConfirmNotice /> : null}
      {scansTab ? <WholeBodyScansTab /> : null}
      {library.isFetching && !scansTab ? (
        <LinearProgress aria-label="Loading records" data-testid="records-loading" sx={{ mb: 2 }} />
      ) : null}
      {empty ? (
        <EmptyState text={EMPTY_TEXT[tab]} testId="records-empty">
          {tab === 'all-requests' && !externalViewer ? (
            <Typography variant="body2">
              Use Upload to add records and images you already have (PDF reports, DICOM or ZIP imaging,
              pictures), or Request Records to ask a facility for them.
            </Typography>
          ) : null}
        </EmptyState>
      ) : null}
      {tab === 'open-requests' && openRequests.length > 0 ? (
        <>
          <OpenRequestCards requests={openRequests.slice(0, count)} />
          {count < openRequests.length ? (
            <LoadMore onClick={() => setCount((n) => n + PAGE_INCREMENT)} />
          ) : null}
        </>
      ) : null}
      {tab !== 'open-requests' && !scansTab && rows.length > 0 && grid ? (
        <RecordsTable rows={rows} isStarred={stars.isStarred} onStar={stars.toggle} ctx={ctx} />
      ) : null}
      {tab !== 'open-requests' && !scansTab && rows.length > 0 && !grid ? (
        <>
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
          {count < rows.length ? <LoadMore onClick={() => setCount((n) => n + PAGE_INCREMENT)} /> : null}
        </>
      ) : null}
      {externalViewer ? null : (
        <UploadDialog open={uploading} onClose={() => setUploading(false)} onUploaded={library.reload} />
      )}
      <ShareRecordsDialog record={sharing ? shareRecordOf(sharing) : null} onClose={() => setSharing(null)} />
      <ConfirmDialog
        open={leaving !== null}
        title="Remove"
        text={leaveShareConfirm(leaving?.patientName || 'this person')}
        confirmLabel="Remove"
        busy={left.isLoading}
        onConfirm={() => leaving && void leave(leaving)}
        onCancel={() => setLeaving(null)}
        testId="leave-share"
      />
    </PageFrame>
  );
};

/** 'All Studies (count)': the count of the records listed, once every chunk has arrived (the snapshot's total also counts requests without records). */
const allStudiesHeader = (count: number | null) =>
  count === null ? 'All Studies' : `All Studies (${count})`;

const LoadMore = ({ onClick }: { onClick: () => void }) => (
  <Box sx={{ textAlign: 'center', mt: 2 }}>
    <Button variant="outlined" onClick={onClick} data-testid="records-load-more">
      Load More
    </Button>
  </Box>
);

export default MyRecords;
