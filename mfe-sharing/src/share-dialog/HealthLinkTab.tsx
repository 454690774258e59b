import { Suspense, lazy, useState } from 'react';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  createHealthLinkSchema,
  type CreatedHealthLink,
  type ShareDialogProps,
} from '@portal/contracts';
import { queryError } from '@portal/api';
import { FormikTextField, stripSpaces, toast } from '@portal/ui';
import { useCreateHealthLinkMutation } from '../sharing.api';
import { endOfDay, LinkExpiryField } from './LinkExpiryField';

// The qrcode package loads with the first link made, not with the dialog.
const QrCode = lazy(() => import('./QrCode'));

interface HealthLinkValues {
  passcode: string;
  label: string;
  expiry: string;
}

/** The fields the patient types, with the service's own rules (the record comes from the dialog). */
const healthLinkFormSchema = createHealthLinkSchema.pick(['passcode', 'label']);

const copy = async (url: string) => {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(MESSAGES.linkCopied, 'health-link-copy');
  } catch {
    // No clipboard (a page not served over https, a refused permission): the link is on screen.
    toast.error(MESSAGES.linkNotCopied, 'health-link-copy');
  }
};

/** What a made link shows: the link with Copy, its QR code, its expiry and the passcode reminder. */
const MadeLink = ({ made }: { made: CreatedHealthLink }) => (
  <Alert severity="success" data-testid="health-link-made" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography
        variant="body2"
        component="code"
        data-testid="health-link-url"
        sx={{ wordBreak: 'break-all', flex: '1 1 240px' }}
      >
        {made.url}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        onClick={() => void copy(made.url)}
        data-testid="health-link-copy"
      >
        Copy
      </Button>
    </Box>
    <Box sx={{ my: 1 }}>
      <Suspense fallback={<Box sx={{ width: 200, height: 200 }} />}>
        <QrCode text={made.url} label="QR code of the SMART Health Link" testId="health-link-qr" />
      </Suspense>
    </Box>
    <Typography variant="body2" data-testid="health-link-expiry">
      {made.expiresAt
        ? `The link works until ${made.expiresAt.slice(0, 10)}.`
        : 'The link works until you revoke it.'}
    </Typography>
    <Typography variant="body2" sx={{ fontWeight: 700 }}>
      {MESSAGES.healthLinkGivePasscode}
    </Typography>
  </Alert>
);

/**
 * The SMART Health Link tab (issue 29, decision 0030): a passcode link any SHL app opens, to the record's
 * images as FHIR. It is a public link underneath, so it is listed under Public links and revoked there.
 */
export const HealthLinkTab = ({ record }: Pick<ShareDialogProps, 'record'>) => {
  const [create] = useCreateHealthLinkMutation();
  const [shown, setShown] = useState(false);
  const [made, setMade] = useState<CreatedHealthLink | null>(null);
  const form = useFormik<HealthLinkValues>({
    initialValues: { passcode: '', label: '', expiry: '' },
    validationSchema: healthLinkFormSchema,
    onSubmit: async (v) => {
      try {
        setMade(
          await create({
            patientRequestId: record.patientRequestId,
            studyUid: record.studyUid,
            passcode: v.passcode,
            label: v.label.trim() || null,
            expiresAt: endOfDay(v.expiry),
          }).unwrap(),
        );
      } catch (e) {
        toast.error(queryError(e).message, 'health-link');
      }
    },
  });

  return (
    <Box
      component="form"
      onSubmit={form.handleSubmit}
      noValidate
      aria-label="SMART Health Link"
      data-testid="share-tab-health-link-panel"
      sx={{ display: 'grid', gap: 1 }}
    >
      <Typography>{MESSAGES.healthLinkExplanation}</Typography>
      <FormikTextField
        form={form}
        name="passcode"
        label="Passcode"
        testId="health-link-passcode"
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        required
        clean={stripSpaces}
        helperText="6 to 64 characters"
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Button
                  size="small"
                  onClick={() => setShown((s) => !s)}
                  aria-label={shown ? 'Hide passcode' : 'Show passcode'}
                  aria-pressed={shown}
                  data-testid="health-link-passcode-toggle"
                >
                  {shown ? 'Hide' : 'Show'}
                </Button>
              </InputAdornment>
            ),
          },
        }}
      />
      <FormikTextField form={form} name="label" label="Label (optional)" testId="health-link-label" />
      <LinkExpiryField
        value={form.values.expiry}
        onChange={(day) => void form.setFieldValue('expiry', day)}
        testId="health-link-expiry-date"
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={form.isSubmitting}
          data-testid="health-link-create"
        >
          Create link
        </Button>
      </Box>
      {made ? <MadeLink made={made} /> : null}
    </Box>
  );
};
