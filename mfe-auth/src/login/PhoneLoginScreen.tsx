import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { DEFAULT_COUNTRY_CODE, phoneLoginSchema } from '@portal/contracts';
import { queryError } from '@portal/api';
import { paths } from '@portal/session';
import {
  callingCodeOptions,
  digitsOnly,
  FormikTextField,
  SelectField,
  SubmitButton,
  useErrorToast,
  useToast,
} from '@portal/ui';
import { AuthCard } from '../components/AuthCard';
import { useGetCountryCodesQuery } from '../reference/reference.api';
import { usePhoneLoginMutation } from './login.api';

/** Older login by phone number: a single-use sign-in link goes to the account's email (no SMS here, decision 0010). */
const PhoneLoginScreen = () => {
  const toast = useToast();
  const codes = useGetCountryCodesQuery();
  useErrorToast(codes.error);
  const [phoneLogin] = usePhoneLoginMutation();
  const options = useMemo(() => callingCodeOptions(codes.data), [codes.data]);
  const [sent, setSent] = useState('');
  const form = useFormik({
    initialValues: { countryCode: DEFAULT_COUNTRY_CODE, phone: '' },
    validationSchema: phoneLoginSchema,
    onSubmit: async (values) => {
      try {
        setSent((await phoneLogin(values).unwrap()).message);
      } catch (e) {
        toast.error(queryError(e).message, 'phone-login');
      }
    },
  });
  return (
    <AuthCard title="Login using phone number" testId="phone-login-screen">
      {sent ? (
        <Alert severity="info" data-testid="phone-login-sent">
          {sent}
        </Alert>
      ) : (
        <form onSubmit={form.handleSubmit} noValidate>
          <Box sx={{ display: 'grid', gridTemplateColumns: '8.5rem 1fr', columnGap: 2 }}>
            <SelectField
              testId="phone-login-countryCode"
              name="countryCode"
              label="Country code"
              value={form.values.countryCode}
              options={options}
              renderValue={(code) => `+${code}`}
              onChange={(code) => void form.setFieldValue('countryCode', code)}
            />
            <FormikTextField
              form={form}
              name="phone"
              label="Phone"
              testId="phone-login-phone"
              type="tel"
              required
              clean={digitsOnly(10)}
              htmlInput={{ inputMode: 'numeric' }}
            />
          </Box>
          <SubmitButton
            testId="phone-login-submit"
            submitting={form.isSubmitting}
            size="medium"
            sx={{ mt: 1 }}
          >
            Send sign-in link
          </SubmitButton>
        </form>
      )}
      <Link
        component={RouterLink}
        to={paths().login}
        sx={{ display: 'inline-block', mt: 2 }}
        data-testid="phone-login-email-link"
      >
        Login with email instead
      </Link>
    </AuthCard>
  );
};

export default PhoneLoginScreen;
