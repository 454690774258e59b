import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MESSAGES, sendEmailToExternalProvidersSchema } from '@portal/contracts';
import { queryError } from '@portal/api';
import { toast } from '@portal/ui';
import { useSendEmailToExternalProvidersMutation } from './my-records.api';

/**
 * 'Email facility' (records spec §4, status 'Pending images by External Provider'): asks for the
 * facility's e-mail and asks the requests context to write to it.
 */
export const EmailFacilityButton = ({
  patientRequestId,
  facilityName,
}: {
  patientRequestId: string;
  facilityName: string;
}) => {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [send, { isLoading }] = useSendEmailToExternalProvidersMutation();
  const close = () => {
    setOpen(false);
    setEmail('');
    setError('');
  };
  const submit = async () => {
    const body = { patientRequestId, externalProviderEmails: [email.trim()] };
    try {
      await sendEmailToExternalProvidersSchema.validate(body);
    } catch (e) {
      setError((e as Error).message);
      return;
    }
    try {
      await send(body).unwrap();
      toast.success(MESSAGES.providersEmailed, 'records-email-facility');
      close();
    } catch (e) {
      toast.error(queryError(e).message, 'records-email-facility');
    }
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        data-testid="email-facility"
        aria-label={`Email ${facilityName}`}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        Email facility
      </Button>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby="email-facility-title"
        onClick={(e) => e.stopPropagation()}
      >
        <DialogTitle id="email-facility-title">Email {facilityName}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            type="email"
            label="Facility email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value.trimStart());
              setError('');
            }}
            error={Boolean(error)}
            helperText={error || ' '}
            slotProps={{ htmlInput: { 'data-testid': 'email-facility-input', maxLength: 254 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} data-testid="email-facility-cancel">
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={isLoading}
            data-testid="email-facility-send"
          >
            Send
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
