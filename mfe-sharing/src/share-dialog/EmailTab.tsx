import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { INVITE_SUCCESS_BANNER_MS, type ShareDialogProps } from '@portal/contracts';
import { queryError } from '@portal/api';
import { toast } from '@portal/ui';
import { InviteForm } from '../invite/InviteForm';
import { recordKey } from '../invite/invite-payload';
import { useInvite } from '../invite/use-invite';
import {
  useGetRecipientsQuery,
  useGetShareableRecordsQuery,
  useSetRecordAccessMutation,
} from '../sharing.api';

/**
 * The Email tab (records spec §2.5, §4 share invite): the people the owner shares with, each switched on
 * or off for this record, and the invite form, collapsed until asked for unless the dialog was opened on
 * this tab directly. Inline mode shows the success banner 5 s (the lists reload); form mode toasts and
 * calls back.
 */
export const EmailTab = ({
  record,
  expanded,
  mode = 'inline',
  onSuccess,
}: Pick<ShareDialogProps, 'record' | 'mode' | 'onSuccess'> & { expanded: boolean }) => {
  const recipients = useGetRecipientsQuery(record);
  const records = useGetShareableRecordsQuery();
  const [setAccess] = useSetRecordAccessMutation();
  const [open, setOpen] = useState(expanded);
  const [banner, setBanner] = useState<string | null>(null);
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), INVITE_SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);
  const invite = useInvite((message) => {
    if (mode === 'form') {
      toast.success(message, 'invite');
      onSuccess?.();
    } else setBanner(message);
  });
  const toggle = async (id: string, on: boolean) => {
    try {
      await setAccess({ ...record, recipient: [{ patient_portal_user_id: id, is_enabled: on }] }).unwrap();
    } catch (e) {
      toast.error(queryError(e).message, 'share-toggle');
    }
  };
  const people = recipients.data ?? [];

  return (
    <Box data-testid="share-tab-email-panel">
      {banner ? (
        <Alert severity="success" data-testid="invite-success" sx={{ mb: 2 }}>
          {banner}
        </Alert>
      ) : null}
      {recipients.isLoading ? <LinearProgress aria-label="Loading people" /> : null}
      {people.length ? (
        <>
          <Typography variant="subtitle2">People you share with</Typography>
          <List dense aria-label="People you share with">
            {people.map((p) => (
              <ListItem
                key={p.patient_portal_user_id}
                data-testid={`share-recipient-${p.email}`}
                secondaryAction={
                  <Switch
                    edge="end"
                    checked={p.is_enabled}
                    onChange={(e) => void toggle(p.patient_portal_user_id, e.target.checked)}
                    slotProps={{
                      input: {
                        'aria-label': `${p.name} sees this record`,
                        'data-testid': `share-toggle-${p.email}`,
                      } as object,
                    }}
                  />
                }
              >
                <ListItemAvatar>
                  <Avatar aria-hidden>{p.firstName.charAt(0).toUpperCase()}</Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={p.name}
                  secondary={[p.relationship, p.email].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
      {open ? (
        <InviteForm
          records={records.data ?? []}
          initialRecords={[recordKey(record)]}
          onSubmit={invite}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <Button variant="outlined" onClick={() => setOpen(true)} data-testid="share-invite-open">
          Invite new person
        </Button>
      )}
    </Box>
  );
};
