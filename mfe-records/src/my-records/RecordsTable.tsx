import { useMemo, useState } from 'react';
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

/**
 * The records as a table (records spec §2.3): star, record name, type, facility, patient, date,
 * status, actions; 50, 100 or 200 rows a page; a search over the loaded rows.
 */
export const RecordsTable = ({ rows, isStarred, onStar, ctx }: { rows: LibraryGridRow[]; isStarred: (r: LibraryGridRow) => boolean; onStar: (r: LibraryGridRow) => void; ctx: RowContext }) => {
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
        <EmptyState text={keyword.trim() ? MESSAGES.noContentInGrid : MESSAGES.noRecordsFound} testId="records-search-empty" />
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
                  <TableRow key={r.id} hover data-testid="record-row" data-record-id={r.id} aria-label={`Open ${r.recordName}`} sx={{ cursor: 'pointer' }} {...activate(() => ctx.open(r), undefined)}>
                    <TableCell padding="checkbox">
                      <StarButton starred={isStarred(r)} name={r.recordName} onToggle={() => onStar(r)} />
                    </TableCell>
                    <TableCell data-testid="row-record-name">
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        {r.kind === 'study' ? <Thumbnail studyInstanceUid={r.study_instance_uid} modality={r.modality} label={r.recordName} size={40} /> : null}
                        {r.recordName}
                      </Box>
                    </TableCell>
                    <TableCell>{typeOf(r)}</TableCell>
                    <TableCell>{facilityOf(r)}</TableCell>
                    <TableCell>{r.patientName}</TableCell>
                    <TableCell>{shortDate(r.date)}</TableCell>
                    <TableCell>
                      <StatusTag status={r.status} />
                    </TableCell>
                    <TableCell>
                      <RecordActions row={r} ctx={ctx} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollableTable>
          <TablePager
            count={found.length}
            page={current}
            rowsPerPage={size}
            testId="records-pager"
            onChange={(p, n) => {
              setPage(p);
              setSize(n);
            }}
          />
        </>
      )}
    </>
  );
};
