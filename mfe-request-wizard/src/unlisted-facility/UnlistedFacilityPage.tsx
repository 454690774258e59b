import { useFormik } from 'formik';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PATHS, unlistedFacilitySchema, type UnlistedFacility } from '@portal/contracts';
import { paths, saveRedirect } from '@portal/session';
import { FormikTextField, digitsOnly, useToast } from '@portal/ui';
import { useAddUnlistedFacilityMutation } from '../wizard.api';
import { startWizard } from '../wizard/start';
import { validateWith } from '../wizard/validate';
import { useSignedIn } from '../wizard/WizardContext';

const EMPTY: UnlistedFacility = { name: '', address: '', phone: '', email: '' };
export const validateUnlistedFacility = validateWith<UnlistedFacility>(unlistedFacilitySchema, (v) => v);

/**
 * 'Can't find your imaging provider? Start here' (spec 000 §1): the patient names the facility (name,
 * address, phone, e-mail; the shared schema's rules and messages), which becomes their own entry, and
 * the wizard then runs for it as for any facility. The request reaches the facility by mail. Naming a
 * facility needs an account (the entry is the patient's), so a visitor is asked to sign in first.
 */
const UnlistedFacilityPage = () => {
  const navigate = useNavigate();
  const toast = useToast();
  const signedIn = useSignedIn();
  const [add, { isLoading }] = useAddUnlistedFacilityMutation();
  const form = useFormik<UnlistedFacility>({
    initialValues: EMPTY,
    validate: validateUnlistedFacility,
    onSubmit: async (values) => {
      try {
        const facility = await add(unlistedFacilitySchema.cast(values)).unwrap();
        void navigate(startWizard(facility.id));
      } catch (e) {
        toast.error((e as { message?: string }).message ?? 'Something went wrong');
      }
    },
  });
  return (
    <Box
      sx={{ px: { xs: 2, sm: 4 }, py: { xs: 3, sm: 6 }, maxWidth: 720, mx: 'auto' }}
      data-testid="unlisted-facility"
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 1 }}>
          Request from a facility that is not listed
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Tell us how to reach your imaging provider. We send them your request by email with a secure link to
          upload your records.
        </Typography>
        {signedIn ? (
          <form noValidate onSubmit={form.handleSubmit} aria-label="Facility details">
            <FormikTextField
              form={form}
              name="name"
              label="Facility name"
              testId="unlisted-facility-name"
              required
              autoComplete="organization"
            />
            <FormikTextField
              form={form}
              name="address"
              label="Address"
              testId="unlisted-facility-address"
              required
              autoComplete="street-address"
            />
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
              <FormikTextField
                form={form}
                name="phone"
                label="Phone"
                testId="unlisted-facility-phone"
                required
                clean={digitsOnly(10)}
                htmlInput={{ inputMode: 'numeric' }}
              />
              <FormikTextField
                form={form}
                name="email"
                label="Facility email"
                testId="unlisted-facility-email"
                required
                type="email"
                autoComplete="off"
              />
            </Box>
            <Stack
              direction={{ xs: 'column-reverse', sm: 'row' }}
              spacing={2}
              sx={{ mt: 2, justifyContent: 'space-between' }}
            >
              <Button component={RouterLink} to={paths().landing} data-testid="unlisted-facility-back">
                Back to facility search
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={isLoading}
                data-testid="unlisted-facility-next"
              >
                Next
              </Button>
            </Stack>
          </form>
        ) : (
          <Alert
            severity="info"
            data-testid="unlisted-facility-sign-in"
            action={
              <Button
                color="inherit"
                component={RouterLink}
                to={paths().login}
                onClick={() => saveRedirect(PATHS.new.unlistedFacility)}
              >
                Login
              </Button>
            }
          >
            Log in or create an account first: the facility you name is kept with your account.
          </Alert>
        )}
      </Paper>
    </Box>
  );
};

export default UnlistedFacilityPage;
