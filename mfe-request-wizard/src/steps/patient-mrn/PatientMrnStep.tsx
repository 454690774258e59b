import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { MESSAGES, isoToMmDdYyyy, requestPatientRecordSchema, type DocRequestType } from '@portal/contracts';
import { CheckboxGroupField, FormikTextField, PageLoading, SelectField } from '@portal/ui';
import { StepLayout, useStepNav } from '../../wizard/StepLayout';
import { useFacility } from '../../wizard/useFacility';
import { validateWith } from '../../wizard/validate';
import { useWizard } from '../../wizard/WizardContext';

export interface MrnValues {
  MRNNo: string;
  docTypes: DocRequestType[];
  bodyParts: string[];
  dateFrom: string;
  dateTo: string;
  notes: string;
}

const schema = requestPatientRecordSchema.pick(['docReqType', 'bodyParts', 'dateFrom', 'dateTo', 'notes']);
const toPayload = (v: MrnValues) => ({
  docReqType: v.docTypes,
  bodyParts: v.bodyParts,
  dateFrom: v.dateFrom ? isoToMmDdYyyy(v.dateFrom) : null,
  dateTo: v.dateTo ? isoToMmDdYyyy(v.dateTo) : null,
  notes: v.notes,
});

/** MRN (required only when the facility says so; hidden for provider requests) and what to request. */
export const validateMrn = (v: MrnValues, mrnCompulsory: boolean) => {
  const errors = validateWith<MrnValues>(schema, toPayload, { docReqType: 'docTypes' })(v);
  if (mrnCompulsory && !v.MRNNo.trim()) errors.MRNNo = MESSAGES.mrnRequired;
  return errors;
};

export const PatientMrnStep = () => {
  const { state, dispatch, route } = useWizard();
  const { goNext } = useStepNav('patient-mrn');
  const { data: init, isLoading } = useFacility();
  const mrnCompulsory = !route.providerRequest && Boolean(init?.custodian.isMRNCompulsory);
  const form = useFormik<MrnValues>({
    initialValues: {
      MRNNo: state.MRNNo,
      docTypes: state.docTypes,
      bodyParts: state.bodyParts,
      dateFrom: state.dateFrom,
      dateTo: state.dateTo,
      notes: state.notes,
    },
    validate: (v) => validateMrn(v, mrnCompulsory),
    enableReinitialize: false,
    onSubmit: (values) => {
      dispatch({
        type: 'update',
        patch: { ...values, MRNNo: values.MRNNo.trim(), isMRNCompulsory: mrnCompulsory },
      });
      void goNext();
    },
  });
  const tried = form.submitCount > 0;
  const aliases = init?.custodian.aliases ?? [];
  return (
    <StepLayout step="patient-mrn" title="Medical record number and records" formId="patient-mrn-form">
      {isLoading ? <PageLoading /> : null}
      <form id="patient-mrn-form" noValidate onSubmit={form.handleSubmit} aria-label="Records to request">
        {aliases.length && state.facilityId ? (
          <SelectField
            testId="mrn-alias"
            label="Location"
            // The facility itself by its own id: an empty value would show an empty select.
            value={state.custodianAliasId ?? state.facilityId}
            options={[
              { value: state.facilityId, label: init?.custodian.name ?? '' },
              ...aliases.map((a) => ({ value: a.id, label: a.name })),
            ]}
            onChange={(id) =>
              state.facilityId &&
              dispatch({
                type: 'facility',
                facilityId: state.facilityId,
                custodianAliasId: id === state.facilityId ? null : id,
              })
            }
          />
        ) : null}
        {route.providerRequest ? null : (
          <FormikTextField
            form={form}
            name="MRNNo"
            label="Medical record number (MRN)"
            testId="mrn-number"
            required={mrnCompulsory}
            helperText={mrnCompulsory ? undefined : 'Optional'}
          />
        )}
        <CheckboxGroupField
          legend="Record types"
          options={(init?.docTypes ?? []).map((t) => ({
            value: t.mnemonic,
            label: t.name,
            testId: `mrn-doc-type-${t.mnemonic}`,
          }))}
          values={form.values.docTypes}
          onChange={(v) => void form.setFieldValue('docTypes', v)}
          error={tried && form.errors.docTypes ? String(form.errors.docTypes) : undefined}
        />
        {init?.bodyParts.length ? (
          <CheckboxGroupField
            legend="Body parts"
            options={init.bodyParts.map((b) => ({
              value: b.name,
              label: b.name,
              testId: `mrn-body-part-${b.id}`,
            }))}
            values={form.values.bodyParts}
            onChange={(v) => void form.setFieldValue('bodyParts', v)}
          />
        ) : null}
        {init?.displayDateRange ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            {(['dateFrom', 'dateTo'] as const).map((name) => (
              <TextField
                key={name}
                type="date"
                label={name === 'dateFrom' ? 'From' : 'To'}
                margin="dense"
                value={form.values[name]}
                onChange={(e) => void form.setFieldValue(name, e.target.value)}
                error={tried && Boolean(form.errors[name])}
                helperText={(tried && form.errors[name]) || ' '}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `mrn-${name}` } }}
              />
            ))}
          </Box>
        ) : null}
        <FormikTextField form={form} name="notes" label="Notes" testId="mrn-notes" multiline minRows={3} />
      </form>
    </StepLayout>
  );
};
export default PatientMrnStep;
