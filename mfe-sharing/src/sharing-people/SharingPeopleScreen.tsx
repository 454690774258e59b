import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState, PageFrame } from '@portal/ui';
import { useGetSharedUsersQuery } from './sharing-people.api';

const PAGE = 4;

/** The people the patient shares records with, 4 at first and Load more adding 4. */
export const SharingPeopleScreen = () => {
  const { data, isLoading } = useGetSharedUsersQuery();
  const [shown, setShown] = useState(PAGE);
  const people = data ?? [];
  return (
    <PageFrame
      title="Sharing"
      testId="sharing"
      actions={
        <Button variant="contained" data-testid="sharing-invite">
          Invite
        </Button>
      }
    >
      {isLoading ? <LinearProgress aria-label="Loading" /> : null}
      {!isLoading && people.length === 0 ? (
        <EmptyState text="You are not sharing your records with anyone yet" />
      ) : null}
      <Stack spacing={2} component="ul" sx={{ p: 0, listStyle: 'none' }}>
        {people.slice(0, shown).map((p) => (
          <Card component="li" key={p.email} variant="outlined" data-testid="sharing-person">
            <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Avatar aria-hidden>{p.firstName?.charAt(0).toUpperCase()}</Avatar>
              <div style={{ flex: 1, minWidth: 160 }}>
                <Typography component="h2" variant="subtitle1">
                  {p.firstName} {p.lastName}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[p.relationship, p.email].filter(Boolean).join(' · ')}
                </Typography>
                <Typography variant="body2">{p.study_count ?? 0} studies</Typography>
              </div>
              <Button variant="outlined" aria-label={`Manage ${p.firstName} ${p.lastName}`}>
                Manage
              </Button>
            </CardContent>
          </Card>
        ))}
      </Stack>
      {people.length > shown ? (
        <Button onClick={() => setShown((n) => n + PAGE)} data-testid="sharing-load-more">
          Load more
        </Button>
      ) : null}
    </PageFrame>
  );
};
