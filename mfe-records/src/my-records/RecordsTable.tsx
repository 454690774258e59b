import { memo, startTransition, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { MESSAGES, type LibraryGridRow } from '@portal/contracts';
import { EmptyState, ROWS_PER_PAGE_OPTIONS, ScrollableTable, StatusTag, TablePager } from '@portal/ui';
import { Thumbnail } from '../thumbnails/Thumbnail';
import { RecordActions, StarButton, type RowContext } from './RecordParts';
import { activate } from './RecordCard';
import { facilityOf, searchRows, shortDate, typeOf } from './view';

const NAME_CELL = { display: 'flex', alignItems: 'center', gap: 1 } as const;

/** One record as a table row; memoised: rows arriving in later chunks or a star elsewhere leave it alone. */
const RecordRow = memo(
  ({
    row,
    starred,
    onStar,
    ctx,
  }: {
    row: LibraryGridRow;
    starred: boolean;
    onStar: (r: LibraryGridRow) => void;
    ctx: RowContext;
  }) => (
    <TableRow
      hover
      data-testid="record-row"
      data-record-id={row.id}
      aria-label={`Open ${row.recordName}`}
      sx={{ cursor: 'pointer' }}
      {...activate(() => ctx.open(row), undefined)}
    >
      <TableCell padding="checkbox">
        <StarButton starred={starred} name={row.recordName} onToggle={() => onStar(row)} />
      </TableCell>
      <TableCell data-testid="row-record-name">
        <Box sx={NAME_CELL}>
          {row.kind === 'study' ? (
            <Thumbnail
              studyInstanceUid={row.study_instance_uid}
              modality={row.modality}
              label={row.recordName}
              size={40}
            />
          ) : null}
          {row.recordName}
        </Box>
      </TableCell>
      <TableCell>{typeOf(row)}</TableCell>
      <TableCell>{facilityOf(row)}</TableCell>
      <TableCell>{row.patientName}</TableCell>
      <TableCell>{shortDate(row.date)}</TableCell>
      <TableCell>
        <StatusTag status={row.status} />
      </TableCell>
      <TableCell>
        <RecordActions row={row} ctx={ctx} />
      </TableCell>
    </TableRow>
  ),
);
RecordRow.displayName = 'RecordRow';

/**
 * The records as a table (records spec §2.3): star, record name, type, facility, patient, date,
 * status, actions; 50, 100 or 200 rows a page; a search over the loaded rows.
 */
export const RecordsTable = ({
  rows,
  isStarred,
  onStar,
  ctx,
}: {
  rows: LibraryGridRow[];
  isStarred: (r: LibraryGridRow) => boolean;
  onStar: (r: LibraryGridRow) => void;
  ctx: RowContext;
}) => {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(ROWS_PER_PAGE_OPTIONS[0]);
  const [keyword, setKeyword] = useState('');
  const found = useMemo(() => searchRows(rows, keyword), [rows, keyword]);
  const last = Math.max(0, Math.ceil(found.length / size) - 1);
  const current = Math.min(page, last);
  const shown = found.slice(current * size, current * size + size);
  return (
    <>
      <TextField
        label="Search in this grid"
        size="small"
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
          setPage(0);
        }}
        sx={{ mb: 2, maxWidth: 360 }}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'records-search', maxLength: 100, type: 'search' } }}
      />
      {found.length === 0 ? (
        <EmptyState
          text={keyword.trim() ? MESSAGES.noContentInGrid : MESSAGES.noRecordsFound}
          testId="records-search-empty"
        />
      ) : (
        <>
          <ScrollableTable label="Records" testId="records-table">
            <Table size="small" aria-label="Records" sx={{ minWidth: 960 }}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">Star</TableCell>
                  <TableCell>Record name</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Facility</TableCell>
                  <TableCell>Patient</TableCell>
                  <TableCell>Date</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((r) => (
                  <RecordRow key={r.id} row={r} starred={isStarred(r)} onStar={onStar} ctx={ctx} />
                ))}
              </TableBody>
            </Table>
          </ScrollableTable>
          <TablePager
            count={found.length}
            page={current}
            rowsPerPage={size}
            testId="records-pager"
            onChange={(p, n) =>
              // A new page of up to 200 rows renders in slices, so the page keeps answering meanwhile.
              startTransition(() => {
                setPage(p);
                setSize(n);
              })
            }
          />
        </>
      )}
    </>
  );
};
