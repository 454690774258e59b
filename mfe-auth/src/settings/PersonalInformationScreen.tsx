import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { MESSAGES, personalInfoFormSchema } from '@portal/contracts';
import type { Country, CountryCode, Person } from '@portal/contracts';
import { queryError } from '@portal/api';
import { getUser, isActing, paths, saveUser } from '@portal/session';
import {
  callingCodeOptions,
  DateOfBirthInput,
  digitsOnly,
  FormikTextField,
  SelectField,
  useErrorToast,
  useToast,
} from '@portal/ui';
import { useGetCountriesQuery, useGetCountryCodesQuery } from '../reference/reference.api';
import { useGetPersonQuery, useSaveDetailsMutation } from './settings.api';
import { AddressFields, countryOptions } from './AddressFields';
import { requiredFilled, saveDetailsBody, valuesOf, type PersonalInfoValues } from './personal-info-form';
import { SettingsPage } from './SettingsPage';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } as const;

interface FormProps {
  person: Person;
  countries: Country[] | undefined;
  countryCodes: CountryCode[] | undefined;
}

const PersonalInformationForm = ({ person, countries, countryCodes }: FormProps) => {
  const navigate = useNavigate();
  const toast = useToast();
  const [saveDetails] = useSaveDetailsMutation();
  const [dobServerError, setDobServerError] = useState<string | undefined>();
  const countryList = useMemo(() => countryOptions(countries), [countries]);
  const codeList = useMemo(() => callingCodeOptions(countryCodes), [countryCodes]);

  const form = useFormik<PersonalInfoValues>({
    initialValues: valuesOf(person),
    validationSchema: personalInfoFormSchema,
    // The date's own messages are drawn by the date input; this only keeps an unfinished date from being sent.
    validate: (v) => (v.dateOfBirth ? {} : { dateOfBirth: MESSAGES.dateOfBirthRequired }),
    onSubmit: async (values) => {
      setDobServerError(undefined);
      try {
        const body = saveDetailsBody(values);
        await saveDetails(body).unwrap();
        // The header greets the user by the account's name, which follows the person's.
        // Acting for a member: the header greets the coordinator, whose name this was not.
        const user = isActing() ? null : getUser();
        if (user)
          saveUser({
            ...user,
            firstName: body.firstName ?? user.firstName,
            lastName: body.lastName ?? user.lastName,
          });
        toast.success(MESSAGES.personalInfoSaved, 'save-personal-information');
        void navigate(paths().settings);
      } catch (e) {
        const { message, errors } = queryError(e);
        toast.error(message, 'save-personal-information');
        if (errors) {
          form.setErrors(errors);
          setDobServerError(errors.dateOfBirth);
        }
      }
    },
  });
  const canSave = requiredFilled(form.values) && !form.isSubmitting;

  return (
    <form noValidate onSubmit={form.handleSubmit} aria-label="Personal Information">
      <Box sx={grid}>
        <FormikTextField
          form={form}
          name="firstName"
          label="First name"
          testId="personal-firstName"
          required
          autoComplete="given-name"
        />
        <FormikTextField
          form={form}
          name="middleName"
          label="Middle name"
          testId="personal-middleName"
          autoComplete="additional-name"
        />
        <FormikTextField
          form={form}
          name="lastName"
          label="Last name"
          testId="personal-lastName"
          required
          autoComplete="family-name"
        />
        <FormikTextField
          form={form}
          name="priorLastName"
          label="Prior last name"
          testId="personal-priorLastName"
          autoComplete="off"
        />
      </Box>
      <DateOfBirthInput
        testId="personal-dob"
        value={form.values.dateOfBirth}
        onChange={(iso) => void form.setFieldValue('dateOfBirth', iso)}
        onBlur={() => void form.setFieldTouched('dateOfBirth')}
        showErrors={form.submitCount > 0}
        error={dobServerError}
      />
      <TextField
        id="personal-email"
        label="Email"
        fullWidth
        margin="dense"
        value={person.email}
        helperText={
          <>
            To change it, go to{' '}
            <Link component={RouterLink} to={paths().loginPassword} data-testid="personal-email-change">
              Login Password
            </Link>
          </>
        }
        slotProps={{ htmlInput: { 'data-testid': 'personal-email', readOnly: true } }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '8.5rem 1fr', sm: '10rem 1fr' }, columnGap: 2 }}>
        <SelectField
          testId="personal-countryCode"
          name="countryCode"
          label="Country code"
          required
          value={form.values.countryCode}
          options={codeList}
          renderValue={(code) => `+${code}`}
          onChange={(code) => void form.setFieldValue('countryCode', code)}
          onBlur={() => void form.setFieldTouched('countryCode')}
          error={(form.touched.countryCode && form.errors.countryCode) || ''}
        />
        <FormikTextField
          form={form}
          name="phone"
          label="Phone"
          testId="personal-phone"
          type="tel"
          required
          autoComplete="tel-national"
          clean={digitsOnly(10)}
          // No maxLength: a pasted '617-555-1234' must keep its digits; cleaning cuts it to 10.
          htmlInput={{ inputMode: 'numeric' }}
        />
      </Box>
      <AddressFields form={form} countries={countryList} />
      <AddressFields form={form} countries={countryList} prior />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'flex-end', mt: 2 }}>
        <Button component={RouterLink} to={paths().settings} data-testid="personal-cancel">
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={!canSave} data-testid="personal-save">
          Save
        </Button>
      </Box>
    </form>
  );
};

/** Personal information: the person's names, date of birth, phone and both addresses. */
const PersonalInformationScreen = () => {
  const person = useGetPersonQuery();
  const countries = useGetCountriesQuery();
  const countryCodes = useGetCountryCodesQuery();
  useErrorToast(person.error);
  useErrorToast(countries.error);
  useErrorToast(countryCodes.error);
  const ready = Boolean(person.data) && !countries.isLoading && !countryCodes.isLoading;
  return (
    <SettingsPage
      title="Personal Information"
      testId="auth-personalInformation"
      maxWidth={800}
      load={{ ready, error: person.error }}
    >
      {person.data ? (
        <PersonalInformationForm
          person={person.data}
          countries={countries.data}
          countryCodes={countryCodes.data}
        />
      ) : null}
    </SettingsPage>
  );
};

export default PersonalInformationScreen;
