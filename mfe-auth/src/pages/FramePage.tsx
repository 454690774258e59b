import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import { PageFrame } from '@portal/ui';
import { paths } from '@portal/session';

/** 'Link No Longer Valid': where a used or expired mailed link lands. */
export const LinkExpiredScreen = () => (
  <PageFrame title={MESSAGES.linkNoLongerValid} testId="auth-linkExpired">
    <Typography data-testid="link-expired-text" sx={{ mb: 2 }}>
      {MESSAGES.linkExpiredText}
    </Typography>
    <Button component={RouterLink} to={paths().login} variant="contained">
      Back to login
    </Button>
  </PageFrame>
);
