import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import { queryError } from '@portal/api';
import { BackButton, PageFrame, toast } from '@portal/ui';
import { useGetSharedPersonQuery, useRemoveAccessMutation, useRemoveSharedUserMutation, useSetShareExpiryMutation } from '../sharing.api';
import { lastOpened } from '../sharing-people/last-opened';
import { StudyCount } from '../sharing-people/SharingPeopleScreen';

export const PEOPLE_PATH = '/patient/sharing-records/sharing-peoples';

/**
 * Sharing details (records spec §2.5): 'sharing with {name}', the record count, relation and e-mail, and
 * what the person sees, each record with its last opening (beyond the spec) and Remove access; an end
 * date for the whole share; Remove Access for the person, confirmed first. A person who is not (or no
 * longer) shared with sends the user to the people list.
 */
export const SharingDetailsScreen = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const person = useGetSharedPersonQuery(id);
  const [removeRecord] = useRemoveAccessMutation();
  const [removePerson, removing] = useRemoveSharedUserMutation();
  const [setExpiry] = useSetShareExpiryMutation();
  const [confirming, setConfirming] = useState(false);
  const fail = (e: unknown, action: string) => toast.error(queryError(e).message, action);

  if (person.isError) return <Navigate to={PEOPLE_PATH} replace />;
  if (!person.data) return <PageFrame title="Sharing">{<LinearProgress aria-label="Loading" />}</PageFrame>;
  const { person: p, records, expires_at: expiresAt } = person.data;

  const remove = async () => {
    try {
      if ((await removePerson(id).unwrap()) === 'OK') {
        toast.success(MESSAGES.accessRemoved, 'remove-access');
        setConfirming(false);
        navigate(PEOPLE_PATH, { replace: true });
      }
    } catch (e) {
      fail(e, 'remove-access');
    }
  };

  return (
    <PageFrame title={`sharing with ${p.name}`} testId="sharing-details" back={<BackButton fallback={PEOPLE_PATH} />}>
      <Box sx={{ display: 'grid', gap: 0.5, mb: 2 }}>
        <StudyCount count={p.study_count} />
        <Typography variant="body2">{p.relationship}</Typography>
        <Typography variant="body2" color="text.secondary">
          {p.email}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {person.data.joined ? lastOpened(person.data.last_opened_at, person.data.open_count) : 'Invitation not accepted yet'}
        </Typography>
      </Box>
      <TextField
        type="date"
        label="Access ends on"
        value={expiresAt ? expiresAt.slice(0, 10) : ''}
        onChange={(e) => void setExpiry({ id, expiresAt: e.target.value ? new Date(`${e.target.value}T23:59:59`).toISOString() : null }).unwrap().catch((err: unknown) => fail(err, 'share-expiry'))}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'share-expiry', min: new Date().toISOString().slice(0, 10) } }}
        helperText="Leave empty to share until you remove access"
        sx={{ maxWidth: 280, mb: 2 }}
      />
      <Typography component="h2" variant="h6">
        {person.data.all_records ? 'All Records' : 'Shared records'}
      </Typography>
      <List data-testid="shared-records">
        {records.map((r) => (
          <ListItem
            key={`${r.patientRequestId}|${r.studyUid ?? ''}|${r.documentId ?? ''}`}
            divider
            data-testid="shared-record"
            secondaryAction={
              <Button
                color="error"
                aria-label={`Remove access to ${[r.modality, r.study_description].filter(Boolean).join(' ')}`}
                onClick={() => void removeRecord({ id, study_uuid: r.studyUid, document_id: r.documentId }).unwrap().then(() => toast.success(MESSAGES.accessRemoved, 'remove-access'), (e: unknown) => fail(e, 'remove-access'))}
              >
                Remove access
              </Button>
            }
          >
            <ListItemText
              sx={{ pr: 16 }}
              primary={[r.modality, r.study_description].filter(Boolean).join(' ') || 'Document'}
              secondary={[r.study_date, r.facility_name, person.data!.all_records ? null : lastOpened(r.last_opened_at, r.open_count)].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      <Button variant="contained" color="error" onClick={() => setConfirming(true)} data-testid="remove-access" sx={{ mt: 2 }}>
        Remove Access
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="remove-access-title">
        <DialogTitle id="remove-access-title">Remove Access</DialogTitle>
        <DialogContent>
          <DialogContentText>{MESSAGES.removeAccessConfirm}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => void remove()} disabled={removing.isLoading} data-testid="remove-access-confirm">
            Remove Access
          </Button>
        </DialogActions>
      </Dialog>
    </PageFrame>
  );
};
