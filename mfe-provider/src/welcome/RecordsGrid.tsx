import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { docRequestTypeName, type ProviderRecord } from '@portal/contracts';
import { ROWS_PER_PAGE_OPTIONS, ScrollableTable, TablePager } from '@portal/ui';
import { usDate } from '../data-requests/due';
import { recordDetailsPath } from '../paths';
import { patientOf } from './records-view';
import { StarButton } from './StarButton';

export interface RecordsListProps {
  records: ProviderRecord[];
  isStarred: (r: ProviderRecord) => boolean;
  onStar: (r: ProviderRecord) => void;
}

/** The records grid (records spec §2.8): star, record name, type, body part, patient, exam date, facility, View. */
export const RecordsGrid = ({ records, isStarred, onStar }: RecordsListProps) => {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(ROWS_PER_PAGE_OPTIONS[0]);
  const shown = records.slice(page * size, page * size + size);
  return (
    <>
      <ScrollableTable label="Records" testId="provider-records-table">
        <Table size="small" aria-label="Records" sx={{ minWidth: 860 }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">Star</TableCell>
              <TableCell>Record name</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Body part</TableCell>
              <TableCell>Patient</TableCell>
              <TableCell>Exam date</TableCell>
              <TableCell>Facility</TableCell>
              <TableCell>View</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((r) => (
              <TableRow key={r.id} data-testid="provider-record-row" data-record-id={r.id}>
                <TableCell padding="checkbox">
                  <StarButton starred={isStarred(r)} name={r.record_name} onToggle={() => onStar(r)} />
                </TableCell>
                <TableCell>{r.record_name}</TableCell>
                <TableCell>{docRequestTypeName(r.record_type)}</TableCell>
                <TableCell>{r.body_part}</TableCell>
                <TableCell>{patientOf(r)}</TableCell>
                <TableCell>{usDate(r.exam_date)}</TableCell>
                <TableCell>{r.facility.name}</TableCell>
                <TableCell>
                  <Button
                    component={RouterLink}
                    to={recordDetailsPath(r.patientRequestId, r.id)}
                    size="small"
                    variant="outlined"
                    data-testid="provider-record-view"
                    aria-label={`View ${r.record_name}`}
                  >
                    View
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTable>
      <TablePager
        count={records.length}
        page={page}
        rowsPerPage={size}
        onChange={(p, rows) => {
          setPage(p);
          setSize(rows);
        }}
      />
    </>
  );
};
