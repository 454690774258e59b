import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { SmartFhirStudyRow } from '@portal/contracts';
import { NONE, otherQueryItems, studyName } from './smart-fhir.rules';

/** What the rows of both layouts share: the row, and asking for it. */
export interface StudyListProps {
  rows: SmartFhirStudyRow[];
  onRequest: (row: SmartFhirStudyRow) => void;
}

/** Request, or 'Requested' (disabled) once a request was made from the row. */
export const RequestAction = ({ row, onRequest }: { row: SmartFhirStudyRow; onRequest: () => void }) =>
  row.patient_request_id ? (
    <Button size="small" variant="outlined" disabled data-testid="smart-fhir-requested">
      Requested
    </Button>
  ) : (
    <Button
      size="small"
      variant="contained"
      onClick={onRequest}
      aria-label={`Request ${studyName(row)} from ${row.facility.name}`}
      data-testid="smart-fhir-request"
    >
      Request
    </Button>
  );

/** The custom query items besides the accession number, as 'tag value' chips. */
export const QueryItemChips = ({ row, dash = false }: { row: SmartFhirStudyRow; dash?: boolean }) => {
  const items = otherQueryItems(row);
  if (items.length === 0) return dash ? <>{NONE}</> : null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {items.map((label, i) => (
        <Chip
          key={`${label}-${i}`}
          label={label}
          size="small"
          variant="outlined"
          data-testid="smart-fhir-item"
        />
      ))}
    </Box>
  );
};

/** Whether any of the rows has items beyond the accession number (else their column is left out). */
export const hasOtherItems = (rows: SmartFhirStudyRow[]): boolean =>
  rows.some((r) => otherQueryItems(r).length > 0);
