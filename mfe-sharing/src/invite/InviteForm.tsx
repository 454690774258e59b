import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  FAMILY_MEMBER_TYPES,
  inviteFormSchema,
  OTHER_RELATIVE,
  type ShareableRecord,
} from '@portal/contracts';
import { FormikTextField, SelectField } from '@portal/ui';
import { recordKey, type InviteValues } from './invite-payload';

const OTHER_ID = String(FAMILY_MEMBER_TYPES.find((t) => t.mnemonic === OTHER_RELATIVE)!.id);

const recordLabel = (r: ShareableRecord) =>
  [[r.modality, r.study_description].filter(Boolean).join(' '), r.study_date, r.facility_name]
    .filter(Boolean)
    .join(' · ');

/**
 * The invite form (records spec §3, §5): first and last name, e-mail, relationship (with the free text for
 * 'Other relative'), access type, and for limited access the records to share (this record chosen first).
 * Server field errors come back on their fields.
 */
export const InviteForm = ({
  records,
  initialRecords = [],
  onSubmit,
  onCancel,
  submitLabel = 'Send invitation',
}: {
  records: ShareableRecord[];
  initialRecords?: string[];
  /** true: sent (the form clears); field errors: shown on their fields; false: failed (already told). */
  onSubmit: (values: InviteValues) => Promise<boolean | Record<string, string>>;
  onCancel?: () => void;
  submitLabel?: string;
}) => {
  const form = useFormik<InviteValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      relationship: '',
      specifyRelation: '',
      accessType: initialRecords.length ? 'limited' : '',
      recordsList: initialRecords,
    },
    validationSchema: inviteFormSchema,
    onSubmit: async (values, helpers) => {
      const outcome = await onSubmit(values);
      if (outcome === true) helpers.resetForm();
      else if (outcome) helpers.setErrors(outcome);
    },
  });
  const touched = (name: keyof InviteValues) => Boolean(form.touched[name]) || form.submitCount > 0;
  const error = (name: keyof InviteValues) =>
    touched(name) ? (form.errors[name] as string | undefined) : undefined;
  const toggle = (key: string, on: boolean) =>
    void form.setFieldValue(
      'recordsList',
      on ? [...form.values.recordsList, key] : form.values.recordsList.filter((k) => k !== key),
    );

  return (
    <Box
      component="form"
      onSubmit={form.handleSubmit}
      noValidate
      data-testid="invite-form"
      sx={{ display: 'grid', gap: 0.5 }}
    >
      <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormikTextField form={form} name="firstName" label="First name" testId="invite-firstName" required />
        <FormikTextField form={form} name="lastName" label="Last name" testId="invite-lastName" required />
      </Box>
      <FormikTextField form={form} name="email" label="Email" testId="invite-email" type="email" required />
      <SelectField
        testId="invite-relationship"
        name="relationship"
        label="Relationship"
        required
        value={form.values.relationship}
        options={FAMILY_MEMBER_TYPES.map((t) => ({ value: String(t.id), label: t.name }))}
        onChange={(v) => void form.setFieldValue('relationship', v)}
        onBlur={() => void form.setFieldTouched('relationship', true)}
        error={error('relationship')}
      />
      {form.values.relationship === OTHER_ID ? (
        <FormikTextField
          form={form}
          name="specifyRelation"
          label="Specify relationship"
          testId="invite-specifyRelation"
          required
        />
      ) : null}
      <FormControl error={Boolean(error('accessType'))} sx={{ mt: 1 }}>
        <FormLabel id="invite-access-label">Access</FormLabel>
        <RadioGroup
          row
          aria-labelledby="invite-access-label"
          name="accessType"
          value={form.values.accessType}
          onChange={(e) => void form.setFieldValue('accessType', e.target.value)}
        >
          <FormControlLabel
            value="all"
            control={<Radio slotProps={{ input: { 'data-testid': 'invite-access-all' } as object }} />}
            label="All records"
          />
          <FormControlLabel
            value="limited"
            control={<Radio slotProps={{ input: { 'data-testid': 'invite-access-limited' } as object }} />}
            label="Limited access"
          />
        </RadioGroup>
        {error('accessType') ? <FormHelperText role="alert">{error('accessType')}</FormHelperText> : null}
      </FormControl>
      {form.values.accessType === 'limited' ? (
        <FormControl error={Boolean(error('recordsList'))} component="fieldset" data-testid="invite-records">
          <FormLabel component="legend">Records to share</FormLabel>
          <Box sx={{ maxHeight: 220, overflowY: 'auto' }}>
            {records.map((r) => {
              const key = recordKey(r);
              return (
                <FormControlLabel
                  key={key}
                  sx={{ display: 'flex' }}
                  control={
                    <Checkbox
                      checked={form.values.recordsList.includes(key)}
                      onChange={(e) => toggle(key, e.target.checked)}
                    />
                  }
                  label={recordLabel(r)}
                />
              );
            })}
          </Box>
          {error('recordsList') ? <FormHelperText role="alert">{error('recordsList')}</FormHelperText> : null}
        </FormControl>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        {onCancel ? (
          <Button onClick={onCancel} data-testid="invite-cancel">
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="contained" disabled={form.isSubmitting} data-testid="invite-submit">
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
};
