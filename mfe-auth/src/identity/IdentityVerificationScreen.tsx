import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { identityVerificationSchema, IDENTITY_API, MESSAGES } from '@portal/contracts';
import { apiFetch } from '@portal/api';
import { getRouteTable } from '@portal/session';
import { PageFrame, useToast } from '@portal/ui';
import { readIdentityImage } from './image-check';

export const myIdentityPath = () => (getRouteTable() === 'legacy' ? '/myIdentity' : '/my-identity');

/** Older identity verification: a photo of a government ID (driver's licence), checked by its bytes, and two confirmations. */
const IdentityVerificationScreen = () => {
  const navigate = useNavigate();
  const toast = useToast();
  const [fileName, setFileName] = useState('');
  const form = useFormik({
    initialValues: { photo: '', confirmLicence: false, agreeTerms: false },
    validationSchema: identityVerificationSchema,
    onSubmit: async (values) => {
      try {
        await apiFetch(IDENTITY_API.saveDetails, { method: 'POST', body: { photo: values.photo } });
        toast.success(MESSAGES.profileUpdated);
        navigate(myIdentityPath());
      } catch (e) {
        toast.error((e as Error).message);
      }
    },
  });
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const photo = await readIdentityImage(file);
    setFileName(photo ? file.name : '');
    await form.setFieldValue('photo', photo ?? '');
    form.setFieldTouched('photo', true, false);
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
          Upload a photo of your valid driver&apos;s licence (PNG, JPG or WebP, at most 5 MB).
        </Typography>
        <Button variant="outlined" component="label" data-testid="identity-choose">
          Choose photo
          <input
            hidden
            type="file"
            accept="image/png,image/jpeg,image/webp"
            data-testid="identity-photo"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </Button>
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
          <FormHelperText error data-testid="identity-photo-error">
            {error('photo')}
          </FormHelperText>
        ) : null}
        <FormControlLabel
          sx={{ display: 'flex', mt: 2 }}
          control={
            <Checkbox
              name="confirmLicence"
              checked={form.values.confirmLicence}
              onChange={form.handleChange}
              slotProps={{ input: { 'data-testid': 'identity-confirm' } as object }}
            />
          }
          label="I confirm this is a photo of my valid driver's licence"
        />
        {error('confirmLicence') ? <FormHelperText error>{error('confirmLicence')}</FormHelperText> : null}
        <FormControlLabel
          sx={{ display: 'flex' }}
          control={
            <Checkbox
              name="agreeTerms"
              checked={form.values.agreeTerms}
              onChange={form.handleChange}
              slotProps={{ input: { 'data-testid': 'identity-terms' } as object }}
            />
          }
          label="I agree to the terms of use"
        />
        {error('agreeTerms') ? <FormHelperText error>{error('agreeTerms')}</FormHelperText> : null}
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
