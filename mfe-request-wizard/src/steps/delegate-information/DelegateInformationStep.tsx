import { useEffect, useRef } from 'react';
import { useFormik } from 'formik';
import { skipToken } from '@reduxjs/toolkit/query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { delegateSchema } from '@portal/contracts';
import { FormikTextField, digitsOnly } from '@portal/ui';
import { usePersonQuery } from '../../wizard.api';
import { StepLayout, useStepNav } from '../../wizard/StepLayout';
import type { DelegateInfo } from '../../wizard/state';
import { useWizard } from '../../wizard/WizardContext';

/** The delegate (the person filling for the patient): their own name and how to reach them. */
export const DelegateInformationStep = () => {
  const { state, dispatch, route } = useWizard();
  const { goNext } = useStepNav('delegate-information');
  const person = usePersonQuery(route.signedIn ? undefined : skipToken);
  const form = useFormik<DelegateInfo>({
    initialValues: state.delegate,
    validationSchema: delegateSchema,
    onSubmit: (values) => {
      dispatch({
        type: 'update',
        patch: {
          delegate: {
            ...values,
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            email: values.email.trim(),
          },
        },
      });
      void goNext();
    },
  });
  // The signed-in user is the delegate: their details start the form.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !person.data || form.values.firstName) return;
    prefilled.current = true;
    const p = person.data;
    void form.setValues({
      firstName: p.firstName ?? '',
      lastName: p.lastName ?? '',
      email: p.email ?? '',
      phone: p.phone ?? '',
    });
  }, [person.data, form]);
  return (
    <StepLayout step="delegate-information" title="Your information" formId="delegate-form">
      <Typography sx={{ mb: 1 }}>
        You are filling this request for the patient: how can the facility reach you?
      </Typography>
      <form id="delegate-form" noValidate onSubmit={form.handleSubmit} aria-label="Your information">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormikTextField
            form={form}
            name="firstName"
            label="First name"
            testId="delegate-first-name"
            required
          />
          <FormikTextField
            form={form}
            name="lastName"
            label="Last name"
            testId="delegate-last-name"
            required
          />
          <FormikTextField
            form={form}
            name="email"
            label="Email"
            testId="delegate-email"
            type="email"
            required
          />
          <FormikTextField
            form={form}
            name="phone"
            label="Phone"
            testId="delegate-phone"
            required
            clean={digitsOnly(10)}
            htmlInput={{ inputMode: 'numeric' }}
          />
        </Box>
      </form>
    </StepLayout>
  );
};
export default DelegateInformationStep;
