import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import { paths } from '@portal/session';
import { StepLayout, useStepNav } from '../../wizard/StepLayout';
import { useFacility } from '../../wizard/useFacility';
import { useWizard } from '../../wizard/WizardContext';
import { ChangeFacility } from './ChangeFacility';

export const PROCESSING_TIME = 'In most cases 2-3 days';

const HOW_IT_WORKS = [
  'Tell us who the records are for and what you need.',
  'Upload a photo ID and sign the authorization form.',
  'The facility releases your records to your account, usually within 2-3 days.',
];

/** First step: the facility, how it works (visitors), processing time and the consent (required unless signed in). */
export const ConsentStep = () => {
  const { state, dispatch, route, variant } = useWizard();
  const { goNext } = useStepNav('consent');
  const [params] = useSearchParams();
  const { data: init, isLoading } = useFacility();
  const [tried, setTried] = useState(false);
  const [changing, setChanging] = useState(false);
  // The landing page links here with ?facility=<id> too: that choice starts the request.
  const fromLink = params.get('facility');
  useEffect(() => {
    if (fromLink && variant === 'internal') dispatch({ type: 'facility', facilityId: fromLink });
  }, [fromLink, variant, dispatch]);
  const consentNeeded = !route.signedIn;
  const missing = consentNeeded && !state.consent.records;
  const next = () => {
    setTried(true);
    if (!missing && state.facilityId) void goNext();
  };
  return (
    <StepLayout step="consent" title="Request your records" onNext={next}>
      {!state.facilityId && !fromLink ? (
        <Alert
          severity="info"
          data-testid="consent-no-facility"
          action={
            <Button color="inherit" component={RouterLink} to={paths().landing} data-testid="consent-go-home">
              Go to the home page
            </Button>
          }
        >
          Choose a facility on the home page first.
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h6" component="h2" data-testid="consent-facility" sx={{ flex: 1 }}>
            {isLoading ? 'Loading…' : (init?.custodian.name ?? '')}
          </Typography>
          {route.signedIn && variant === 'internal' ? (
            <Button data-testid="consent-change-facility" onClick={() => setChanging(true)}>
              Change facility
            </Button>
          ) : null}
        </Box>
      )}
      <ChangeFacility open={changing} onClose={() => setChanging(false)} />
      {route.signedIn ? null : (
        <Box data-testid="consent-how-it-works" sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            How it works
          </Typography>
          <ol>
            {HOW_IT_WORKS.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ol>
        </Box>
      )}
      <Typography data-testid="consent-processing-time" sx={{ mb: 2 }}>
        Processing time: {PROCESSING_TIME}
      </Typography>
      {consentNeeded ? (
        <>
          <FormControlLabel
            control={
              <Checkbox
                checked={state.consent.records}
                onChange={(e) =>
                  dispatch({
                    type: 'update',
                    patch: { consent: { ...state.consent, records: e.target.checked } },
                  })
                }
                slotProps={{ input: { 'data-testid': 'consent-checkbox' } as object }}
              />
            }
            label="I consent to this facility releasing my records to me through this portal, and to the portal storing them for me."
          />
          {tried && missing ? (
            <FormHelperText error data-testid="consent-error" role="alert">
              {MESSAGES.consentRequired}
            </FormHelperText>
          ) : null}
        </>
      ) : null}
    </StepLayout>
  );
};
export default ConsentStep;
