import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { updateGroupInfoSchema } from '@portal/contracts';
import { FormikTextField, SubmitButton } from '@portal/ui';

export interface GroupInfoValues {
  name: string;
  description: string;
  contactEmail: string;
  contactPhone: string;
}

/** The group's own fields, with the rules the server uses (updateGroupInfo and addPatientGroup share them). */
export const groupInfoSchema = updateGroupInfoSchema.pick([
  'name',
  'description',
  'contactEmail',
  'contactPhone',
]);

/** A group's name, description and contact; server field errors come back on their fields. */
export const GroupInfoForm = ({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: GroupInfoValues;
  submitLabel: string;
  onSubmit: (values: GroupInfoValues) => Promise<boolean | Record<string, string>>;
  onCancel?: () => void;
}) => {
  const form = useFormik<GroupInfoValues>({
    initialValues: initial,
    enableReinitialize: true,
    validationSchema: groupInfoSchema,
    onSubmit: async (values, helpers) => {
      const outcome = await onSubmit(values);
      if (outcome !== true && outcome) helpers.setErrors(outcome);
    },
  });
  return (
    <Box
      component="form"
      onSubmit={form.handleSubmit}
      noValidate
      data-testid="group-info-form"
      sx={{ maxWidth: 640 }}
    >
      <FormikTextField form={form} name="name" label="Group name" testId="group-name" required />
      <FormikTextField
        form={form}
        name="description"
        label="Description"
        testId="group-description-input"
        multiline
        minRows={3}
      />
      <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormikTextField
          form={form}
          name="contactEmail"
          label="Contact e-mail"
          type="email"
          testId="group-contactEmail"
        />
        <FormikTextField
          form={form}
          name="contactPhone"
          label="Contact phone"
          type="tel"
          testId="group-contactPhone"
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        {onCancel ? (
          <Button onClick={onCancel} data-testid="group-info-cancel">
            Cancel
          </Button>
        ) : null}
        <SubmitButton testId="group-info-submit" submitting={form.isSubmitting} fullWidth={false}>
          {submitLabel}
        </SubmitButton>
      </Box>
    </Box>
  );
};
