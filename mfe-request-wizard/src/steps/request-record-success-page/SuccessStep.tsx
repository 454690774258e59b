import { useContext } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { apiUrl } from '@portal/api';
import { MESSAGES } from '@portal/contracts';
import { paths } from '@portal/session';
import { ShadowContainerContext } from '../../embed/shadow-theme';
import { PROCESSING_TIME } from '../consent/ConsentStep';
import { StepLayout } from '../../wizard/StepLayout';
import { useSignedIn } from '../../wizard/WizardContext';

/** The request is sent: what happens next. Its Next leaves the wizard for the user's requests. */
export const SuccessStep = () => {
  const signedIn = useSignedIn();
  const embedded = useContext(ShadowContainerContext) !== null;
  return (
    <StepLayout step="request-record-success-page" title="Request submitted" hideBack hideNext>
      <Typography data-testid="success-message" sx={{ mb: 1 }}>
        {MESSAGES.requestGenerated}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Processing time: {PROCESSING_TIME}. We will email you when your records are ready.
      </Typography>
      {embedded ? (
        // On a facility's site the wizard's memory router has no records page: the portal itself opens.
        <Button
          variant="contained"
          component="a"
          href={apiUrl(paths().patientHome)}
          target="_blank"
          rel="noopener"
          data-testid="wizard-next"
        >
          Go to my records
        </Button>
      ) : signedIn ? (
        <Button variant="contained" component={RouterLink} to={paths().patientHome} data-testid="wizard-next">
          Go to my records
        </Button>
      ) : null}
    </StepLayout>
  );
};
export default SuccessStep;
