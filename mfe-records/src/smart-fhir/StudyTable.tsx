import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { ScrollableTable } from '@portal/ui';
import { accessionNumber, orNone, studyDate } from './smart-fhir.rules';
import { QueryItemChips, RequestAction, hasOtherItems, type StudyListProps } from './StudyParts';

/** The studies found as a table (tablet and desktop); a tablet scrolls it sideways. */
export const StudyTable = ({ rows, onRequest }: StudyListProps) => {
  const items = hasOtherItems(rows);
  return (
    <ScrollableTable label="Studies found" testId="smart-fhir-table">
      <Table size="small" aria-label="Studies found" sx={{ minWidth: items ? 1000 : 860 }}>
        <TableHead>
          <TableRow>
            <TableCell>Modality</TableCell>
            <TableCell>Study description</TableCell>
            <TableCell>Referring physician</TableCell>
            <TableCell>Accession number</TableCell>
            {items ? <TableCell>Other query items</TableCell> : null}
            <TableCell>Facility</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>Study date</TableCell>
            <TableCell>Action</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid="smart-fhir-row" data-row-id={row.id}>
              <TableCell>{orNone(row.modality)}</TableCell>
              <TableCell>{orNone(row.study_description)}</TableCell>
              <TableCell>{orNone(row.referring_physician)}</TableCell>
              <TableCell>{accessionNumber(row)}</TableCell>
              {items ? (
                <TableCell>
                  <QueryItemChips row={row} dash />
                </TableCell>
              ) : null}
              <TableCell>{row.facility.name}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{studyDate(row)}</TableCell>
              <TableCell>
                <RequestAction row={row} onRequest={() => onRequest(row)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
};
