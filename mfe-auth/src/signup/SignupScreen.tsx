import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, createAccountSchema } from '@portal/contracts';
import type { CreateAccountRequest } from '@portal/contracts';
import { queryError } from '@portal/api';
import { paths } from '@portal/session';
import { asTyped, FormikTextField, SubmitButton, useToast } from '@portal/ui';
import { AuthCard } from '../components/AuthCard';
import { useGetTimezonesQuery } from '../reference/reference.api';
import { useCreateAccountMutation } from './signup.api';
import { InvitationSignup } from './InvitationSignup';

export const SIGNUP_SUCCESS =
  'Your account has been created. We have emailed you a link to set your password.';

const FIELDS: { name: keyof CreateAccountRequest; label: string; type?: string; autoComplete?: string }[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'dateOfBirth', label: 'Date of birth', type: 'date', autoComplete: 'bday' },
];

const SignupForm = () => {
  const toast = useToast();
  const timezones = useGetTimezonesQuery();
  const [createAccount] = useCreateAccountMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (timezones.isError) toast.error(MESSAGES.timezonesFailed);
  }, [timezones.isError, toast]);

  const form = useFormik<CreateAccountRequest>({
    initialValues: { firstName: '', lastName: '', email: '', dateOfBirth: '', locale: '' },
    validationSchema: createAccountSchema,
    onSubmit: async (values) => {
      setServerError(null);
      try {
        await createAccount({
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim(),
          dateOfBirth: values.dateOfBirth,
          locale: values.locale,
        }).unwrap();
        setDone(true);
      } catch (e) {
        const { status, message } = queryError(e);
        setServerError(status === 409 ? MESSAGES.emailTaken : message);
      }
    },
  });

  const errorCount = useMemo(
    () =>
      Object.keys(form.errors).filter((k) => form.touched[k as keyof CreateAccountRequest]).length +
      (serverError ? 1 : 0),
    [form.errors, form.touched, serverError],
  );

  if (done) {
    return (
      <Alert severity="success" data-testid="signup-success" role="status">
        {SIGNUP_SUCCESS}
      </Alert>
    );
  }

  const fieldError = (name: keyof CreateAccountRequest) =>
    (form.touched[name] && form.errors[name]) || undefined;

  return (
    <form noValidate onSubmit={form.handleSubmit} aria-label="Create account">
      {serverError ? (
        <Alert severity="error" role="alert" data-testid="signup-error" sx={{ mb: 2 }}>
          {serverError}
        </Alert>
      ) : null}
      {FIELDS.map((f) => (
        <FormikTextField
          key={f.name}
          form={form}
          name={f.name}
          label={f.label}
          testId={`signup-${f.name}`}
          type={f.type ?? 'text'}
          autoComplete={f.autoComplete}
          clean={asTyped}
          htmlInput={f.type === 'date' ? { max: new Date().toISOString().slice(0, 10) } : undefined}
          slotProps={f.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
        />
      ))}
      <TextField
        select
        id="signup-locale"
        name="locale"
        label="Time zone"
        fullWidth
        margin="dense"
        value={form.values.locale}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={Boolean(fieldError('locale'))}
        helperText={fieldError('locale') || ' '}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'signup-locale' },
        }}
      >
        <option value="">{timezones.isLoading ? MESSAGES.loading : 'Select a time zone'}</option>
        {(timezones.data ?? []).map((tz) => (
          <option key={tz.value} value={tz.value}>
            {tz.label}
          </option>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
        <Badge
          badgeContent={errorCount}
          color="error"
          data-testid="signup-error-badge"
          slotProps={{ badge: { 'aria-label': `${errorCount} errors` } as object }}
        >
          <SubmitButton testId="signup-submit" submitting={form.isSubmitting} fullWidth={false}>
            Create Account
          </SubmitButton>
        </Badge>
      </Box>
    </form>
  );
};

const SignupScreen = () => {
  const [query] = useSearchParams();
  const invitation = query.get('invitation');
  return (
    <AuthCard
      title={
        invitation ? 'Create an account to see shared records' : 'Create an account to request your report'
      }
      testId="signup-screen"
      width={480}
    >
      <Typography sx={{ mb: 2 }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={paths().login} data-testid="signup-login">
          Login
        </Link>
      </Typography>
      {invitation ? <InvitationSignup token={invitation} /> : <SignupForm />}
    </AuthCard>
  );
};

export default SignupScreen;
