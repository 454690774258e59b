import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { DEFAULT_COUNTRY_CODE, IDENTITY_API, phoneLoginSchema, type CountryCode } from '@portal/contracts';
import { apiFetch } from '@portal/api';
import { useToast } from '@portal/ui';
import { AuthCard } from '../components/AuthCard';
import { callingCodeOptions } from '../components/calling-codes';
import { digitsOnly, FormikTextField } from '../components/FormikTextField';
import { SelectField } from '../components/SelectField';
import { useApiGet } from '../components/useApiGet';
import { paths } from '../table';

/** Older login by phone number: a single-use sign-in link goes to the account's email (no SMS here, decision 0010). */
const PhoneLoginScreen = () => {
  const toast = useToast();
  const codes = useApiGet<CountryCode[]>(IDENTITY_API.countryCodes);
  const options = useMemo(() => callingCodeOptions(codes.data), [codes.data]);
  const [sent, setSent] = useState('');
  const form = useFormik({
    initialValues: { countryCode: DEFAULT_COUNTRY_CODE, phone: '' },
    validationSchema: phoneLoginSchema,
    onSubmit: async (values) => {
      try {
        setSent(
          (
            await apiFetch<{ message: string }>(IDENTITY_API.phoneLogin, {
              method: 'POST',
              body: values,
              skipAuthRedirect: true,
            })
          ).message,
        );
      } catch (e) {
        toast.error((e as Error).message);
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
          <Button
            type="submit"
            variant="contained"
            fullWidth
            disabled={form.isSubmitting}
            sx={{ mt: 1 }}
            data-testid="phone-login-submit"
          >
            Send sign-in link
          </Button>
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
