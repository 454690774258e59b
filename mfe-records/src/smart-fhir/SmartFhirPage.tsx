import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import { EmptyState, PageFrame, useBreakpoint } from '@portal/ui';
import { ConfirmRequestDialog } from './ConfirmRequestDialog';
import { QueryBanner, SourceErrors } from './QueryStatus';
import { StudyCards } from './StudyCards';
import { StudyTable } from './StudyTable';
import { useSmartFhirQuery } from './use-smart-fhir-query';
import { useStudyRequest } from './use-study-request';

/**
 * The Smart FHIR query page (records spec §2.10): the patient's studies found at the facilities'
 * own systems, a request made from any of them; the search's progress with Stop, and Reload.
 */
const SmartFhirPage = () => {
  const query = useSmartFhirQuery();
  const request = useStudyRequest(query.markRequested);
  const narrow = useBreakpoint() === 'mobile';
  const sources = query.sources ?? [];
  const Studies = narrow ? StudyCards : StudyTable;

  return (
    <PageFrame
      title="Smart FHIR"
      testId="smart-fhir-page"
      actions={
        <Button variant="outlined" onClick={query.reload} data-testid="smart-fhir-reload">
          Reload
        </Button>
      }
    >
      {query.busy ? (
        <QueryBanner
          answered={query.answered}
          total={query.total}
          known={query.sources !== null}
          onStop={query.stop}
        />
      ) : null}
      <SourceErrors sources={sources} />
      {query.sources !== null && sources.length === 0 ? (
        <EmptyState text={MESSAGES.smartFhirNoSources} testId="smart-fhir-empty" />
      ) : null}
      {!query.busy && sources.length > 0 && query.rows.length === 0 ? (
        <EmptyState text={MESSAGES.smartFhirNoStudies} testId="smart-fhir-empty" />
      ) : null}
      {query.rows.length > 0 ? (
        <Box component="section" aria-labelledby="smart-fhir-studies">
          <Typography id="smart-fhir-studies" component="h2" variant="h6" sx={{ mb: 1 }}>
            Studies found ({query.rows.length})
          </Typography>
          <Studies rows={query.visibleRows} onRequest={request.ask} />
          {query.hasMore ? (
            <Box sx={{ textAlign: 'center', mt: 2 }}>
              <Button variant="outlined" onClick={query.loadMore} data-testid="smart-fhir-load-more">
                Load more
              </Button>
            </Box>
          ) : null}
        </Box>
      ) : null}
      <ConfirmRequestDialog
        asking={request.asking}
        busy={request.busy}
        onConfirm={() => void request.confirm()}
        onCancel={request.cancel}
      />
    </PageFrame>
  );
};

export default SmartFhirPage;
