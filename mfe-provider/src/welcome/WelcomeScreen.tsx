import TextField from '@mui/material/TextField';
import { getUser } from '@portal/session';
import { PageFrame } from '@portal/ui';

/** The provider's welcome page: 'Welcome, {first name}!' and the search for patient and request. */
export const WelcomeScreen = () => {
  const first = getUser()?.firstName ?? '';
  return (
    <PageFrame title={`Welcome, ${first}!`} testId="provider-welcome">
      <TextField
        label="Search patient or request"
        size="small"
        fullWidth
        sx={{ maxWidth: 480 }}
        slotProps={{ htmlInput: { 'data-testid': 'provider-search' } }}
      />
    </PageFrame>
  );
};
