import { useState } from 'react';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES, PAGE_INCREMENT, PATHS, type SharedPerson } from '@portal/contracts';
import { EmptyState, PageFrame, toast } from '@portal/ui';
import { InviteForm } from '../invite/InviteForm';
import { useInvite } from '../invite/use-invite';
import { useGetShareableRecordsQuery, useGetSharedUsersQuery } from '../sharing.api';
import { PublicLinks } from './PublicLinks';
import { lastOpened } from './last-opened';

/** 'All Records' in its own style, otherwise the number of studies (records spec §2.5). */
export const StudyCount = ({ count }: { count: SharedPerson['study_count'] }) =>
  count === 'All Records' ? (
    <Chip size="small" color="primary" label="All Records" data-testid="study-count-all" />
  ) : (
    <Typography variant="body2" component="span" data-testid="study-count">
      {count} {count === 1 ? 'study' : 'studies'}
    </Typography>
  );

/** Where Manage leads: the person's sharing details. */
export const detailsPath = (id: string) => `${PATHS.new.sharingDetails}/${id}`;

/** The Sharing people list (records spec §2.5): 4 first, Load more adds 4; the Invite new person modal. */
export const SharingPeopleScreen = () => {
  const people = useGetSharedUsersQuery();
  const records = useGetShareableRecordsQuery();
  const navigate = useNavigate();
  const [shown, setShown] = useState(PAGE_INCREMENT);
  const [inviting, setInviting] = useState(false);
  const invite = useInvite((message) => {
    toast.success(message, 'invite');
    setInviting(false);
  });
  const list = people.data ?? [];
  return (
    <PageFrame
      title="Sharing"
      testId="sharing"
      actions={
        <Button variant="contained" data-testid="sharing-invite" onClick={() => setInviting(true)}>
          Invite
        </Button>
      }
    >
      {people.isLoading ? <LinearProgress aria-label="Loading" /> : null}
      {!people.isLoading && list.length === 0 ? (
        <EmptyState text={MESSAGES.noSharedPeople} testId="sharing-empty" />
      ) : null}
      <Stack spacing={2} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {list.slice(0, shown).map((p) => (
          <Card component="li" key={p.patient_portal_user_id} variant="outlined" data-testid="sharing-person">
            <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Avatar aria-hidden>{p.firstName.charAt(0).toUpperCase()}</Avatar>
              <div style={{ flex: 1, minWidth: 180 }}>
                <Typography component="h2" variant="subtitle1">
                  {p.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[p.relationship, p.email].filter(Boolean).join(' · ')}
                </Typography>
                <StudyCount count={p.study_count} />
                <Typography variant="caption" color="text.secondary" component="p">
                  {lastOpened(p.last_opened_at ?? null, p.open_count ?? 0)}
                </Typography>
              </div>
              <Button
                variant="outlined"
                aria-label={`Manage ${p.name}`}
                onClick={() => navigate(detailsPath(p.patient_portal_user_id))}
                data-testid="sharing-manage"
              >
                Manage
              </Button>
            </CardContent>
          </Card>
        ))}
      </Stack>
      {list.length > shown ? (
        <Button
          onClick={() => setShown((n) => n + PAGE_INCREMENT)}
          data-testid="sharing-load-more"
          sx={{ mt: 2 }}
        >
          Load more
        </Button>
      ) : null}
      <PublicLinks />
      <Dialog
        open={inviting}
        onClose={() => setInviting(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="invite-title"
      >
        <DialogTitle id="invite-title">Invite new person</DialogTitle>
        <DialogContent>
          <InviteForm records={records.data ?? []} onSubmit={invite} onCancel={() => setInviting(false)} />
        </DialogContent>
      </Dialog>
    </PageFrame>
  );
};
