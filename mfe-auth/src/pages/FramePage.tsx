import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import { getRouteTable } from '@portal/session';
import { PageFrame } from '@portal/ui';
import { paths } from '../table';
import type { FrameKey } from './frames';

const TITLES: Record<FrameKey, string> = {
  loginAs: 'Login as user',
  unsubscribe: 'Unsubscribe',
  linkExpired: MESSAGES.linkNoLongerValid,
  emailUpdated: 'Email updated',
  settings: 'Settings',
  personalInformation: 'Personal Information',
  notifications: 'Notification Setting',
  loginPassword: 'Login Password',
  familyMembers: 'Family Members',
  accountRemoval: 'Account removal',
  changePassword: 'Change password',
  myIdentity: 'My identity',
  subscription: 'Subscription',
  phoneLogin: 'Login using phone number',
};

const SettingsCards = () => {
  const legacy = getRouteTable() === 'legacy';
  const cards = [
    { title: 'Personal Information', path: legacy ? '/personalInfo' : '/personal-information' },
    { title: 'Login Password', path: legacy ? '/changePassword' : '/login-password-setting' },
    { title: 'Notification Setting', path: legacy ? '/myProfile' : '/notifications' },
  ];
  return (
    <Grid container spacing={2}>
      {cards.map((c) => (
        <Grid key={c.title} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card variant="outlined" data-testid={`settings-card-${c.title.toLowerCase().replace(/ /g, '-')}`}>
            <CardContent>
              <Typography component="h2" variant="h6">
                {c.title}
              </Typography>
            </CardContent>
            <CardActions>
              <Button component={RouterLink} to={c.path} aria-label={`Manage ${c.title}`}>
                Manage
              </Button>
            </CardActions>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
};

const FramePage = ({ page }: { page: FrameKey }) => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const missingLoginAsToken = page === 'loginAs' && !params.get('token');
  useEffect(() => {
    // Login as user without a token goes to login.
    if (missingLoginAsToken) navigate(paths().login, { replace: true });
  }, [missingLoginAsToken, navigate]);

  return (
    <PageFrame title={TITLES[page]} testId={`auth-${page}`}>
      {page === 'settings' ? <SettingsCards /> : null}
      {page === 'linkExpired' ? <Typography data-testid="link-expired-text">{MESSAGES.linkExpiredText}</Typography> : null}
    </PageFrame>
  );
};

export default FramePage;
