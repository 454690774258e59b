import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  REJECTION_REASONS,
  REJECTION_REASON_NAMES,
  rejectDocumentRequestSchema,
} from '@portal/contracts';
import { queryError } from '@portal/api';
import { SubmitButton, toast } from '@portal/ui';
import { useRejectDocumentRequestMutation } from './request-detail.api';

export interface RejectPanelProps {
  open: boolean;
  onClose: () => void;
  patientRequestId: string;
  documentRequestId: string;
  /** The record type being rejected, for the panel's heading. */
  recordType: string;
}

/**
 * The Reject side panel (records spec §4 Rejection reasons): the five reasons, notes enabled and
 * required only for OTHER, Submit disabled until the contracts' schema holds.
 */
export const RejectPanel = ({
  open,
  onClose,
  patientRequestId,
  documentRequestId,
  recordType,
}: RejectPanelProps) => {
  const [reject] = useRejectDocumentRequestMutation();
  const form = useFormik({
    initialValues: { patientRequestId, documentRequestId, nrrType: '', otherReason: '' },
    enableReinitialize: true,
    validationSchema: rejectDocumentRequestSchema,
    validateOnMount: true,
    onSubmit: async (values, helpers) => {
      try {
        await reject(rejectDocumentRequestSchema.cast(values)).unwrap();
        toast.success(MESSAGES.requestRejected, 'provider-reject');
        helpers.resetForm();
        onClose();
      } catch (e) {
        toast.error(queryError(e).message, 'provider-reject');
      }
    },
  });
  const other = form.values.nrrType === 'OTHER';
  const notesError = other && form.touched.otherReason ? form.errors.otherReason : undefined;
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { 'data-testid': 'reject-panel', sx: { width: { xs: '100%', sm: 420 } } } as object,
      }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit}
        sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Typography component="h2" variant="h6">
          Reject {recordType}
        </Typography>
        <FormControl>
          <FormLabel id="reject-reason-label">Reason</FormLabel>
          <RadioGroup
            aria-labelledby="reject-reason-label"
            name="nrrType"
            value={form.values.nrrType}
            onChange={(e) => {
              const nrrType = e.target.value;
              // One update: two setFieldValue calls would each validate against values the other has not seen.
              void form.setValues({
                ...form.values,
                nrrType,
                otherReason: nrrType === 'OTHER' ? form.values.otherReason : '',
              });
            }}
          >
            {REJECTION_REASONS.map((r) => (
              <FormControlLabel
                key={r}
                value={r}
                control={<Radio slotProps={{ input: { 'data-testid': `reject-reason-${r}` } as object }} />}
                label={REJECTION_REASON_NAMES[r]}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label="Notes"
          name="otherReason"
          multiline
          minRows={3}
          disabled={!other}
          required={other}
          value={form.values.otherReason}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={Boolean(notesError)}
          helperText={notesError ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'reject-notes', maxLength: 500 } }}
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={onClose} data-testid="reject-cancel">
            Cancel
          </Button>
          <SubmitButton
            testId="reject-submit"
            fullWidth={false}
            size="medium"
            disabled={!form.isValid}
            submitting={form.isSubmitting}
          >
            Submit
          </SubmitButton>
        </Box>
      </Box>
    </Drawer>
  );
};
