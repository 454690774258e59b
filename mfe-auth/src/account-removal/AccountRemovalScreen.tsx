import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { accountRemovalRequestSchema, MESSAGES } from '@portal/contracts';
import { queryError } from '@portal/api';
import { clearSession, paths } from '@portal/session';
import { FormikPasswordField, PageFrame, useToast } from '@portal/ui';
import { useConfirmAccountRemovalMutation, useRequestAccountRemovalMutation } from './account-removal.api';

/** Step 1: the password again, and a link is mailed. */
const RequestRemoval = () => {
  const toast = useToast();
  const [requestRemoval] = useRequestAccountRemovalMutation();
  const [sent, setSent] = useState('');
  const form = useFormik({
    initialValues: { currentPassword: '' },
    validationSchema: accountRemovalRequestSchema,
    onSubmit: async (values, helpers) => {
      try {
        const answer = await requestRemoval(values.currentPassword).unwrap();
        toast.dismiss('request-account-removal');
        setSent(answer?.message || MESSAGES.accountRemovalSent);
      } catch (e) {
        const { message, errors } = queryError(e);
        if (errors?.currentPassword) helpers.setFieldError('currentPassword', errors.currentPassword);
        toast.error(message, 'request-account-removal');
      }
    },
  });
  if (sent)
    return (
      <Alert severity="info" data-testid="removal-sent">
        {sent}
      </Alert>
    );
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <Typography sx={{ mb: 1 }}>
        Removing your account signs you out everywhere and deletes your sign-in, your personal information,
        your family members and your settings. Records that facilities keep are not affected.
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Enter your password; we then email you a link to confirm the removal.
      </Typography>
      <FormikPasswordField
        form={form}
        name="currentPassword"
        label="Current password"
        testId="removal-password"
        autoComplete="current-password"
        required
      />
      <Button
        type="submit"
        variant="contained"
        color="error"
        disabled={form.isSubmitting}
        sx={{ mt: 1 }}
        data-testid="removal-request"
      >
        Request removal
      </Button>
    </form>
  );
};

/** Step 2: the mailed link, opened while signed in to the same account. */
const ConfirmRemoval = ({ token }: { token: string }) => {
  const toast = useToast();
  const navigate = useNavigate();
  const [confirmRemoval] = useConfirmAccountRemovalMutation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const answer = await confirmRemoval(token).unwrap();
      clearSession();
      toast.success(answer?.message || MESSAGES.accountRemoved, 'confirm-account-removal');
      void navigate(paths().login, { replace: true });
    } catch (e) {
      const { status, message } = queryError(e);
      if (status === 410) void navigate(paths().linkExpired, { replace: true });
      else toast.error(message, 'confirm-account-removal');
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2}>
      <Typography>This removes your account for good. It cannot be undone.</Typography>
      <Stack direction="row" spacing={2}>
        <Button
          variant="contained"
          color="error"
          onClick={() => void confirm()}
          disabled={busy}
          data-testid="removal-confirm"
        >
          Remove my account
        </Button>
        <Button onClick={() => void navigate(paths().settings)} data-testid="removal-cancel">
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
};

/** Account removal in two steps (decision in the auth service: password, then the mailed link). */
const AccountRemovalScreen = () => {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <PageFrame title="Account removal" testId="auth-accountRemoval">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        {token ? <ConfirmRemoval token={token} /> : <RequestRemoval />}
      </Paper>
    </PageFrame>
  );
};

export default AccountRemovalScreen;
