import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { accessionNumber, orNone, studyDate } from './smart-fhir.rules';
import { QueryItemChips, RequestAction, type StudyListProps } from './StudyParts';

const FACT = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 9em) 1fr',
  columnGap: 1,
  rowGap: 0.5,
} as const;

/** The studies found as cards (phones): the same fields as the table's, one study per card. */
export const StudyCards = ({ rows, onRequest }: StudyListProps) => (
  <Box
    component="ul"
    sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    aria-label="Studies found"
  >
    {rows.map((row) => (
      <Card component="li" variant="outlined" key={row.id} data-testid="smart-fhir-row" data-row-id={row.id}>
        <CardContent sx={{ pb: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ wordBreak: 'break-word', fontWeight: 600 }}>
            {orNone(row.modality)} · {orNone(row.study_description)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {row.facility.name} · {studyDate(row)}
          </Typography>
          <Box
            component="dl"
            sx={{ ...FACT, m: 0, typography: 'body2', '& dd': { m: 0, wordBreak: 'break-word' } }}
          >
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              Referring physician
            </Box>
            <dd>{orNone(row.referring_physician)}</dd>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              Accession number
            </Box>
            <dd>{accessionNumber(row)}</dd>
          </Box>
          <Box sx={{ mt: 1 }}>
            <QueryItemChips row={row} />
          </Box>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <RequestAction row={row} onRequest={() => onRequest(row)} />
        </CardActions>
      </Card>
    ))}
  </Box>
);
