import { useState, type ReactNode } from 'react';
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { MESSAGES, updateEmailSchema } from '@portal/contracts';
import { queryError } from '@portal/api';
import { getUser } from '@portal/session';
import { FormikTextField, useToast } from '@portal/ui';
import { useUpdateEmailMutation } from './settings.api';
import { ChangePasswordForm } from '../password/ChangePasswordForm';
import { SettingsPage } from './SettingsPage';

type Mode = 'view' | 'email' | 'password';

const MASKED = (
  <>
    <span aria-hidden="true">••••••••</span>
    <Box
      component="span"
      sx={{
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
      }}
    >
      Hidden
    </Box>
  </>
);

/** The new email: Confirm stays disabled until it is a valid address; the change waits for the mailed link. */
const EmailChangeForm = ({ onDone }: { onDone: () => void }) => {
  const toast = useToast();
  const [updateEmail] = useUpdateEmailMutation();
  const form = useFormik({
    initialValues: { newEmail: '' },
    validationSchema: updateEmailSchema,
    validateOnMount: true,
    onSubmit: async (values, helpers) => {
      try {
        await updateEmail(values.newEmail.trim()).unwrap();
        toast.info(MESSAGES.emailChangeSent, 'change-email');
        onDone();
      } catch (e) {
        const { message, status, errors } = queryError(e);
        toast.error(message, 'change-email');
        // Taken or unchanged: the message is about the address typed.
        if (status === 409 || errors?.newEmail) helpers.setErrors({ newEmail: errors?.newEmail ?? message });
      }
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit} aria-label="Change email" data-testid="email-change-form">
      <FormikTextField
        form={form}
        name="newEmail"
        label="New email"
        testId="new-email"
        type="email"
        autoComplete="email"
        required
        autoFocus
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'flex-end' }}>
        <Button onClick={onDone} data-testid="email-cancel">
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!form.isValid || form.isSubmitting}
          data-testid="email-confirm"
        >
          Confirm
        </Button>
      </Box>
    </form>
  );
};

interface RowProps {
  /** The part of the login this line shows; also its test ids: `${part}-shown`, `${part}-edit`. */
  part: Exclude<Mode, 'view'>;
  label: string;
  shown: ReactNode;
  mode: Mode;
  setMode: (mode: Mode) => void;
  /** The form shown in place while this part is edited. */
  children: ReactNode;
}

/** One line of the page: a label, what is stored, and Edit, which opens its form in place. */
const Row = ({ part, label, shown, mode, setMode, children }: RowProps) => (
  <Box component="section" aria-label={label} sx={{ py: 2 }}>
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Typography component="h2" variant="subtitle2" color="text.secondary">
          {label}
        </Typography>
        <Typography data-testid={`${part}-shown`} sx={{ overflowWrap: 'anywhere' }}>
          {shown}
        </Typography>
      </Box>
      {mode === part ? null : (
        <Button
          variant="outlined"
          onClick={() => setMode(part)}
          aria-label={`Edit ${part}`}
          data-testid={`${part}-edit`}
        >
          Edit
        </Button>
      )}
    </Box>
    {mode === part ? <Box sx={{ mt: 1 }}>{children}</Box> : null}
  </Box>
);

/**
 * Login Password: the sign-in email and a masked password, each with Edit. Only one of the two
 * forms is open at a time (spec 000 §4 Settings).
 */
const LoginPasswordScreen = () => {
  const [mode, setMode] = useState<Mode>('view');
  const close = () => setMode('view');
  return (
    <SettingsPage title="Login Password" testId="auth-loginPassword" maxWidth={640}>
      <Row part="email" label="Email" shown={getUser()?.email ?? ''} mode={mode} setMode={setMode}>
        <EmailChangeForm onDone={close} />
      </Row>
      <Divider />
      <Row part="password" label="Password" shown={MASKED} mode={mode} setMode={setMode}>
        <ChangePasswordForm onCancel={close} />
      </Row>
    </SettingsPage>
  );
};

export default LoginPasswordScreen;
