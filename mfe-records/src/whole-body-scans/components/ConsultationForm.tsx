import { useState } from 'react';
import { Formik, type FormikHelpers } from 'formik';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES, consultationSchema, type ConsultationInput } from '@portal/contracts';
import { ConfirmDialog, FormikTextField, SubmitButton } from '@portal/ui';

export interface ConsultationFormProps {
  scanId: string;
  /** The scan already has a consultation request: ask 'Are you sure?' first (records spec §4). */
  existing: boolean;
  submitting: boolean;
  /** Sends the request; true once it went through (the form then empties). */
  onSubmit: (input: ConsultationInput) => Promise<boolean>;
}

/** The request panel: a note to the facility's physician, required, then Submit. */
export const ConsultationForm = ({ scanId, existing, submitting, onSubmit }: ConsultationFormProps) => {
  const [pending, setPending] = useState<{
    values: ConsultationInput;
    helpers: FormikHelpers<ConsultationInput>;
  } | null>(null);
  const send = async (values: ConsultationInput, helpers: FormikHelpers<ConsultationInput>) => {
    if (await onSubmit({ wholeBodyScanId: values.wholeBodyScanId, note: values.note.trim() }))
      helpers.resetForm();
  };
  return (
    <Box data-testid="wbs-consultation-form">
      <Typography component="h2" variant="h6" sx={{ mb: 0.5 }}>
        Request a consultation
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Ask a physician of the facility to go through this scan with you. You will receive an email with the
        details.
      </Typography>
      <Formik<ConsultationInput>
        initialValues={{ wholeBodyScanId: scanId, note: '' }}
        enableReinitialize
        validationSchema={consultationSchema}
        onSubmit={(values, helpers) => (existing ? setPending({ values, helpers }) : send(values, helpers))}
      >
        {(form) => (
          <Box component="form" noValidate onSubmit={form.handleSubmit}>
            <FormikTextField
              form={form}
              name="note"
              label="What would you like to discuss?"
              testId="wbs-consultation-note"
              multiline
              minRows={3}
              required
            />
            <SubmitButton testId="wbs-consultation-submit" submitting={submitting} fullWidth={false}>
              Submit
            </SubmitButton>
          </Box>
        )}
      </Formik>
      <ConfirmDialog
        open={pending !== null}
        title="Request another consultation"
        text={MESSAGES.consultationAreYouSure}
        confirmLabel="Submit"
        busy={submitting}
        onConfirm={() => {
          const p = pending;
          setPending(null);
          if (p) void send(p.values, p.helpers);
        }}
        onCancel={() => setPending(null)}
        testId="wbs-consultation-confirm"
      />
    </Box>
  );
};
