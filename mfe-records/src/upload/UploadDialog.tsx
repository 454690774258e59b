import { useMemo, useRef, useState, type DragEvent } from 'react';
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  MYSELF_ID,
  RECORD_TYPE_OPTIONS,
  examDateOf,
  familyMemberIdOf,
  recordTypeOfFile,
  uploadRecordForm,
  type RecordType,
} from '@portal/contracts';
import { queryError } from '@portal/api';
import {
  FilePicker,
  FormikTextField,
  SelectField,
  asTyped,
  digitsOnly,
  toast,
  useErrorToast,
} from '@portal/ui';
import {
  useFamilyMembersQuery,
  useManuallyUploadImagesMutation,
  usePostSelfUploadMutation,
  useRecordsInitQuery,
  useSelfUploadFormMutation,
} from './upload.api';

export interface UploadValues {
  patientId: string;
  recordName: string;
  examMonth: string;
  examYear: string;
  recordType: RecordType;
  fileName: string;
}

const INITIAL: UploadValues = {
  patientId: '',
  recordName: '',
  examMonth: '',
  examYear: '',
  recordType: 'OTHERS',
  fileName: '',
};

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
].map((label, i) => ({
  value: String(i + 1),
  label,
}));

/** What the picker offers (the form checks the type against the record type; the server checks the content). */
const ACCEPT = '.pdf,.dcm,.zip,.png,.jpg,.jpeg,.webp';

type Phase = 'empty' | 'chosen' | 'uploading';

/**
 * The upload dialog (records spec §2.6, §5): no file (a drop zone and a picker), file chosen (the
 * form with Upload, Replace File and Cancel), uploading (progress). Upload asks for the presigned
 * form, posts the file to it and keeps the record with manuallyUploadImages; then a green toast, the
 * grid reloads, the dialog closes and resets. A failure is a red toast and keeps the form.
 */
export const UploadDialog = ({
  open,
  onClose,
  onUploaded,
}: {
  open: boolean;
  onClose: () => void;
  onUploaded: () => void;
}) => {
  const family = useFamilyMembersQuery(undefined, { skip: !open });
  const init = useRecordsInitQuery(undefined, { skip: !open });
  useErrorToast(family.error);
  const [uploadForm] = useSelfUploadFormMutation();
  const [postFile] = usePostSelfUploadMutation();
  const [keep] = useManuallyUploadImagesMutation();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('empty');
  const [pickError, setPickError] = useState('');
  const replaceInput = useRef<HTMLInputElement>(null);
  const schema = useMemo(() => uploadRecordForm(), []);

  const patients = useMemo(() => {
    const members = (family.data ?? [])
      .filter((m) => m.id !== MYSELF_ID)
      .map((m) => ({ value: m.id, label: `${m.first_name} ${m.last_name}`.trim() }));
    return [{ value: MYSELF_ID, label: 'Myself' }, ...members];
  }, [family.data]);

  const form = useFormik<UploadValues>({
    initialValues: INITIAL,
    validationSchema: schema,
    onSubmit: async (values) => {
      if (!file) return;
      setPhase('uploading');
      try {
        const personId =
          values.patientId === MYSELF_ID
            ? (init.data ?? (await init.refetch().unwrap())).personId
            : values.patientId;
        const presigned = await uploadForm({
          fileName: file.name,
          size: file.size,
          recordType: values.recordType,
        }).unwrap();
        await postFile({ form: presigned, file }).unwrap();
        await keep({
          uploaded_images: [{ id: presigned.key, path: file.name, file_name: file.name }],
          family_member_id: familyMemberIdOf(values.patientId),
          personId,
          examDate: examDateOf(Number(values.examMonth), Number(values.examYear)),
          recordName: values.recordName.trim(),
          recordType: values.recordType,
        }).unwrap();
        toast.success(MESSAGES.recordsUploaded, 'records-upload');
        onUploaded();
        close();
      } catch (e) {
        toast.error(queryError(e).message, 'records-upload');
        setPhase('chosen');
      }
    },
  });

  const choose = (files: File[]) => {
    if (files.length > 1) {
      setPickError(MESSAGES.oneFilePerUpload);
      return;
    }
    const next = files[0];
    if (!next) {
      setPickError(MESSAGES.noFileSelected);
      return;
    }
    setPickError('');
    setFile(next);
    setPhase('chosen');
    void form.setValues(
      { ...form.values, fileName: next.name, recordType: recordTypeOfFile(next.name) },
      true,
    );
    void form.setFieldTouched('fileName', true, false);
  };

  const close = () => {
    setFile(null);
    setPhase('empty');
    setPickError('');
    form.resetForm();
    onClose();
  };

  const dropReplace = (e: DragEvent) => {
    e.preventDefault();
    if (phase === 'chosen') choose(Array.from(e.dataTransfer.files));
  };

  const fieldError = (name: keyof UploadValues) => (form.touched[name] ? (form.errors[name] ?? '') : '');
  const fileError = pickError || fieldError('fileName');

  return (
    <Dialog
      open={open}
      onClose={phase === 'uploading' ? undefined : close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="upload-dialog-title"
      data-testid="upload-dialog"
    >
      <DialogTitle id="upload-dialog-title">Upload records</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit}
        onDragOver={(e) => e.preventDefault()}
        onDrop={dropReplace}
      >
        <DialogContent data-testid={`upload-state-${phase}`}>
          {phase === 'empty' ? (
            <FilePicker
              testId="upload-file"
              label="Drop a file here (PDF report, DICOM or ZIP imaging, or a picture)"
              accept={ACCEPT}
              onFiles={choose}
              error={pickError}
            />
          ) : null}
          {phase === 'uploading' ? (
            <Box role="status" aria-live="polite" data-testid="upload-progress" sx={{ py: 3 }}>
              <Typography sx={{ mb: 1 }}>Uploading {file?.name}…</Typography>
              <LinearProgress aria-label={`Uploading ${file?.name ?? 'file'}`} />
            </Box>
          ) : null}
          {phase === 'chosen' ? (
            <>
              <Box sx={{ mb: 1 }}>
                <Typography variant="body2" data-testid="upload-file-name">
                  {file?.name}
                </Typography>
                <FormHelperText
                  error={Boolean(fileError)}
                  role={fileError ? 'alert' : undefined}
                  data-testid="upload-file-error"
                >
                  {fileError || ' '}
                </FormHelperText>
              </Box>
              <SelectField
                testId="upload-patient"
                name="patientId"
                label="Patient name"
                required
                value={form.values.patientId}
                options={patients}
                onChange={(v) => void form.setFieldValue('patientId', v)}
                onBlur={() => void form.setFieldTouched('patientId', true)}
                error={fieldError('patientId')}
              />
              <FormikTextField
                form={form}
                name="recordName"
                label="Record name"
                testId="upload-record-name"
                required
                clean={asTyped}
                htmlInput={{ maxLength: 200 }}
              />
              <Box sx={{ display: 'flex', gap: 2 }}>
                <SelectField
                  testId="upload-exam-month"
                  name="examMonth"
                  label="Exam month"
                  required
                  value={form.values.examMonth}
                  options={MONTHS}
                  onChange={(v) => void form.setFieldValue('examMonth', v)}
                  onBlur={() => void form.setFieldTouched('examMonth', true)}
                  error={fieldError('examMonth')}
                />
                <FormikTextField
                  form={form}
                  name="examYear"
                  label="Exam year"
                  testId="upload-exam-year"
                  required
                  clean={digitsOnly(4)}
                  htmlInput={{ inputMode: 'numeric', maxLength: 4 }}
                />
              </Box>
              <SelectField
                testId="upload-record-type"
                name="recordType"
                label="Record type"
                required
                value={form.values.recordType}
                options={RECORD_TYPE_OPTIONS}
                onChange={(v) => {
                  void form.setFieldValue('recordType', v);
                  void form.setFieldTouched('fileName', true, false);
                }}
                error={fieldError('recordType')}
              />
              <input
                ref={replaceInput}
                hidden
                type="file"
                accept={ACCEPT}
                data-testid="upload-replace-input"
                aria-label="Replace file"
                onChange={(e) => {
                  choose(Array.from(e.target.files ?? []));
                  e.target.value = '';
                }}
              />
            </>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={phase === 'uploading'} data-testid="upload-cancel">
            Cancel
          </Button>
          {phase === 'chosen' ? (
            <>
              <Button
                variant="outlined"
                onClick={() => replaceInput.current?.click()}
                data-testid="upload-replace"
              >
                Replace File
              </Button>
              <Button type="submit" variant="contained" data-testid="upload-submit">
                Upload
              </Button>
            </>
          ) : null}
        </DialogActions>
      </Box>
    </Dialog>
  );
};
