import { useEffect, useRef } from 'react';
import { useFormik } from 'formik';
import { skipToken } from '@reduxjs/toolkit/query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  MYSELF_ID,
  isoToMmDdYyyy,
  requestPatientRecordSchema,
  type Person,
} from '@portal/contracts';
import { DateOfBirthInput, FormikTextField, SelectField, digitsOnly } from '@portal/ui';
import { useFamilyMembersQuery, usePersonQuery } from '../../wizard.api';
import { StepLayout, useStepNav } from '../../wizard/StepLayout';
import type { PatientInfo } from '../../wizard/state';
import { validateWith } from '../../wizard/validate';
import { useWizard } from '../../wizard/WizardContext';

const schema = requestPatientRecordSchema.pick([
  'patientFirstName',
  'patientLastName',
  'patientDOB',
  'patientEmail',
  'phone',
]);
const toPayload = (v: PatientInfo) => ({
  patientFirstName: v.firstName,
  patientLastName: v.lastName,
  patientDOB: v.dateOfBirth ? isoToMmDdYyyy(v.dateOfBirth) : '',
  patientEmail: v.email || null,
  phone: v.phone || null,
});
const byPayloadKey = {
  patientFirstName: 'firstName',
  patientLastName: 'lastName',
  patientDOB: 'dateOfBirth',
  patientEmail: 'email',
} as const;

/** Spec §5 Personal information: names, date of birth and phone are required; the phone is 10 digits. */
export const validatePatient = (v: PatientInfo) => {
  const errors = validateWith<PatientInfo>(schema, toPayload, byPayloadKey)(v);
  if (!v.phone.trim()) errors.phone = MESSAGES.phoneRequired;
  return errors;
};

const fromPerson = (p: Person, familyMemberId: string): Partial<PatientInfo> => ({
  firstName: p.firstName ?? '',
  middleName: p.middleName ?? '',
  lastName: p.lastName ?? '',
  dateOfBirth: p.dateOfBirth ?? '',
  email: p.email ?? '',
  phone: p.phone ?? '',
  address: p.address ?? '',
  city: p.city ?? '',
  state: p.state ?? '',
  postcode: p.postcode ?? '',
  familyMemberId,
});

export const PatientInformationStep = () => {
  const { state, dispatch, route } = useWizard();
  const { goNext } = useStepNav('patient-information');
  const forSelf = state.requestFiller !== 'someone_else' || route.providerRequest;
  const person = usePersonQuery(route.signedIn && !route.providerRequest ? undefined : skipToken);
  const members = useFamilyMembersQuery(route.signedIn && !forSelf ? undefined : skipToken);
  const form = useFormik<PatientInfo>({
    initialValues: state.patient,
    validate: validatePatient,
    onSubmit: (values) => {
      dispatch({ type: 'update', patch: { patient: values } });
      void goNext();
    },
  });
  // A signed-in patient filling for themselves starts from their own details, once, on an empty form.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !forSelf || !person.data || form.values.firstName) return;
    prefilled.current = true;
    void form.setValues({ ...form.values, ...fromPerson(person.data, '') });
  }, [forSelf, person.data, form]);
  const chooseMember = (id: string) => {
    if (id === MYSELF_ID && person.data)
      return void form.setValues({ ...form.values, ...fromPerson(person.data, MYSELF_ID) });
    const m = members.data?.find((x) => x.id === id);
    void form.setValues({
      ...form.values,
      familyMemberId: id,
      firstName: m?.first_name ?? '',
      lastName: m?.last_name ?? '',
    });
  };
  const tried = form.submitCount > 0;
  return (
    <StepLayout step="patient-information" title="Patient information" formId="patient-information-form">
      <form
        id="patient-information-form"
        noValidate
        onSubmit={form.handleSubmit}
        aria-label="Patient information"
      >
        {!forSelf && members.data?.length ? (
          <SelectField
            testId="patient-family-member"
            label="Choose a family member"
            value={form.values.familyMemberId}
            options={members.data.map((m) => ({
              value: m.id,
              label: m.id === MYSELF_ID ? 'Myself' : `${m.first_name} ${m.last_name}`,
            }))}
            onChange={chooseMember}
          />
        ) : null}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, columnGap: 2 }}>
          <FormikTextField
            form={form}
            name="firstName"
            label="First name"
            testId="patient-first-name"
            required
            autoComplete="given-name"
          />
          <FormikTextField
            form={form}
            name="middleName"
            label="Middle name"
            testId="patient-middle-name"
            autoComplete="additional-name"
          />
          <FormikTextField
            form={form}
            name="lastName"
            label="Last name"
            testId="patient-last-name"
            required
            autoComplete="family-name"
          />
        </Box>
        <DateOfBirthInput
          testId="patient-dob"
          value={form.values.dateOfBirth}
          onChange={(iso) => void form.setFieldValue('dateOfBirth', iso)}
          showErrors={tried}
          error={tried ? form.errors.dateOfBirth : undefined}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormikTextField
            form={form}
            name="email"
            label="Email"
            testId="patient-email"
            type="email"
            autoComplete="email"
          />
          <FormikTextField
            form={form}
            name="phone"
            label="Phone"
            testId="patient-phone"
            required
            clean={digitsOnly(10)}
            htmlInput={{ inputMode: 'numeric' }}
          />
        </Box>
        <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
          Address
        </Typography>
        <FormikTextField
          form={form}
          name="address"
          label="Street address"
          testId="patient-address"
          autoComplete="street-address"
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' }, columnGap: 2 }}>
          <FormikTextField
            form={form}
            name="city"
            label="City"
            testId="patient-city"
            autoComplete="address-level2"
          />
          <FormikTextField
            form={form}
            name="state"
            label="State"
            testId="patient-state"
            autoComplete="address-level1"
          />
          <FormikTextField
            form={form}
            name="postcode"
            label="Postcode"
            testId="patient-postcode"
            autoComplete="postal-code"
          />
        </Box>
      </form>
    </StepLayout>
  );
};
export default PatientInformationStep;
