import { useState } from 'react';
import { useNavigate, Link as RouterLink } from 'react-router';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES, registerAccountSchema, SHARED_WITH_ME_PATH } from '@portal/contracts';
import { queryError } from '@portal/api';
import { paths, saveLogin } from '@portal/session';
import { FormikPasswordField, FormikTextField, SubmitButton } from '@portal/ui';
import { useGetInvitationQuery, useRegisterInvitedMutation } from './signup.api';

/**
 * Sign-up from a sharing invitation (/signup?invitation=…): who shared, the invited address (fixed), a
 * password; the new EXTERNAL_VIEWER is signed in and lands on Shared With Me (the link reached the mailbox, so
 * the address is proved). An address that already has an account signs in instead (only signed-out visitors
 * see this page): the records come once that address is confirmed. A link that no longer works says so.
 */
export const InvitationSignup = ({ token }: { token: string }) => {
  const navigate = useNavigate();
  const invitation = useGetInvitationQuery(token);
  const [register] = useRegisterInvitedMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useFormik({
    enableReinitialize: true,
    initialValues: { email: invitation.data?.email ?? '', password: '' },
    validationSchema: registerAccountSchema,
    onSubmit: async (v) => {
      setServerError(null);
      try {
        saveLogin(await register({ email: v.email, password: v.password, invitation: token }).unwrap());
        void navigate(SHARED_WITH_ME_PATH);
      } catch (e) {
        setServerError(queryError(e).message);
      }
    },
  });
  if (invitation.isLoading) return <LinearProgress aria-label="Loading" />;
  if (!invitation.data) {
    return (
      <Alert severity="error" role="alert" data-testid="invitation-unavailable">
        {MESSAGES.invitationUnavailable}
      </Alert>
    );
  }
  const { sharedBy, hasAccount } = invitation.data;
  return (
    <>
      <Typography sx={{ mb: 2 }} data-testid="invitation-shared-by">
        {sharedBy} shared medical records with you.
      </Typography>
      {hasAccount ? (
        <>
          <Button
            component={RouterLink}
            to={`${paths().login}?redirect=${encodeURIComponent(SHARED_WITH_ME_PATH)}`}
            variant="contained"
            data-testid="invitation-sign-in"
          >
            Sign in to see them
          </Button>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mt: 2 }}
            data-testid="invitation-needs-proof"
          >
            {MESSAGES.invitationNeedsProof}
          </Typography>
        </>
      ) : (
        <form noValidate onSubmit={form.handleSubmit} aria-label="Create account">
          {serverError ? (
            <Alert severity="error" role="alert" data-testid="signup-error" sx={{ mb: 2 }}>
              {serverError}
            </Alert>
          ) : null}
          <FormikTextField
            form={form}
            name="email"
            label="Email"
            testId="signup-email"
            type="email"
            htmlInput={{ readOnly: true }}
          />
          <FormikPasswordField
            form={form}
            name="password"
            label="Password"
            testId="signup-password"
            autoComplete="new-password"
            helperText={MESSAGES.passwordMinLength}
          />
          <SubmitButton testId="signup-submit" submitting={form.isSubmitting} fullWidth={false}>
            Create Account
          </SubmitButton>
        </form>
      )}
    </>
  );
};
