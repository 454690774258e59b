import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  identityVerificationSchema,
  IDENTITY_IMAGE_TYPES,
  MAX_IDENTITY_IMAGE_BYTES,
  MESSAGES,
} from '@portal/contracts';
import { queryError } from '@portal/api';
import { PageFrame, useToast } from '@portal/ui';
import { readIdentityImage } from './image-check';
import { paths } from '@portal/session';
import { useSaveDetailsMutation } from '../settings/settings.api';

const ACCEPT = [...IDENTITY_IMAGE_TYPES, '.png', '.jpg', '.jpeg', '.webp'].join(',');
const MAX_MB = MAX_IDENTITY_IMAGE_BYTES / (1024 * 1024);

const CONFIRMATIONS = [
  {
    name: 'confirmLicence',
    label: "I confirm this is a photo of my valid driver's licence",
    testId: 'identity-confirm',
  },
  { name: 'agreeTerms', label: 'I agree to the terms of use', testId: 'identity-terms' },
] as const;

/** Older identity verification: a photo of a government ID (driver's licence), checked by its bytes, and two confirmations. */
const IdentityVerificationScreen = () => {
  const navigate = useNavigate();
  const toast = useToast();
  const [saveDetails] = useSaveDetailsMutation();
  const [fileName, setFileName] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useFormik({
    initialValues: { photo: '', confirmLicence: false, agreeTerms: false },
    validationSchema: identityVerificationSchema,
    onSubmit: async (values) => {
      try {
        await saveDetails({ photo: values.photo }).unwrap();
        toast.success(MESSAGES.profileUpdated, 'verify-identity');
        void navigate(paths().myIdentity);
      } catch (e) {
        toast.error(queryError(e).message, 'verify-identity');
      }
    },
  });
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const photo = await readIdentityImage(file);
    setFileName(photo ? file.name : '');
    await form.setFieldValue('photo', photo ?? '');
    void form.setFieldTouched('photo', true, false);
    if (!photo) form.setFieldError('photo', MESSAGES.chooseValidImage);
  };
  const error = (name: 'photo' | 'confirmLicence' | 'agreeTerms') =>
    form.touched[name] || form.submitCount ? form.errors[name] : undefined;

  return (
    <PageFrame title="Identity verification" testId="auth-identityVerification">
      <Paper
        variant="outlined"
        component="form"
        onSubmit={form.handleSubmit}
        noValidate
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}
      >
        <Typography sx={{ mb: 2 }}>
          Upload a photo of your valid driver&apos;s licence (PNG, JPG or WebP, at most {MAX_MB} MB).
        </Typography>
        {/* A real button opens the hidden file input, so the chooser works from the keyboard too. */}
        <Button
          variant="outlined"
          onClick={() => fileInput.current?.click()}
          aria-describedby={error('photo') ? 'identity-photo-error' : undefined}
          data-testid="identity-choose"
        >
          Choose photo
        </Button>
        <input
          ref={fileInput}
          hidden
          type="file"
          accept={ACCEPT}
          data-testid="identity-photo"
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Cleared, so that choosing the same file again after a fix is still a change.
            e.target.value = '';
            void choose(file);
          }}
        />
        {fileName ? <Typography sx={{ mt: 1 }}>{fileName}</Typography> : null}
        {form.values.photo ? (
          <Box
            component="img"
            src={form.values.photo}
            alt="Government ID preview"
            data-testid="identity-preview"
            sx={{ display: 'block', mt: 2, maxWidth: '100%', maxHeight: 240, borderRadius: 1 }}
          />
        ) : null}
        {error('photo') ? (
          <FormHelperText error id="identity-photo-error" role="alert" data-testid="identity-photo-error">
            {error('photo')}
          </FormHelperText>
        ) : null}
        {CONFIRMATIONS.map(({ name, label, testId }) => (
          <Box key={name} sx={{ mt: 1 }}>
            <FormControlLabel
              control={
                <Checkbox
                  name={name}
                  checked={form.values[name]}
                  onChange={form.handleChange}
                  slotProps={{
                    input: {
                      'data-testid': testId,
                      'aria-describedby': error(name) ? `${testId}-error` : undefined,
                    } as object,
                  }}
                />
              }
              label={label}
            />
            {error(name) ? (
              <FormHelperText error id={`${testId}-error`}>
                {error(name)}
              </FormHelperText>
            ) : null}
          </Box>
        ))}
        <Button
          type="submit"
          variant="contained"
          disabled={form.isSubmitting}
          sx={{ mt: 2 }}
          data-testid="identity-submit"
        >
          Submit
        </Button>
      </Paper>
    </PageFrame>
  );
};

export default IdentityVerificationScreen;
