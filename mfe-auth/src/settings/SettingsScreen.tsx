import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { SMART_PAGES } from '@portal/contracts';
import { EmailConfirmNotice, PageFrame } from '@portal/ui';
import { activeRole, paths } from '@portal/session';

const CARDS = [
  {
    key: 'personal-information',
    title: 'Personal Information',
    text: 'Your name, date of birth, phone and addresses.',
    to: 'personalInformation',
  },
  {
    key: 'login-password',
    title: 'Login Password',
    text: 'The email you sign in with and your password.',
    to: 'loginPassword',
  },
  {
    key: 'notification-setting',
    title: 'Notification Setting',
    text: 'Which emails we send you.',
    to: 'notifications',
  },
] as const;

/** Settings: three cards, each with a Manage button (spec 000 §2 Screen descriptions); above them, the notice of an address not confirmed yet. */
const SettingsScreen = () => {
  const to = paths();
  return (
    <PageFrame title="Settings" testId="auth-settings">
      <EmailConfirmNotice />
      <Grid container spacing={2}>
        {CARDS.map((c) => (
          <Grid key={c.key} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card
              variant="outlined"
              data-testid={`settings-card-${c.key}`}
              sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
            >
              <CardContent sx={{ flexGrow: 1 }}>
                <Typography component="h2" variant="h6">
                  {c.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {c.text}
                </Typography>
              </CardContent>
              <CardActions>
                <Button
                  component={RouterLink}
                  to={to[c.to]}
                  variant="outlined"
                  aria-label={`Manage ${c.title}`}
                  data-testid={`settings-manage-${c.key}`}
                >
                  Manage
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
      {/* Beyond the spec's three cards (issue 26): invitations, who may act for the user, and what they did. */}
      <Typography variant="body2" sx={{ mt: 3 }} data-testid="settings-groups">
        Invitations, the groups that can act for you and what they did:{' '}
        <Link component={RouterLink} to="/pendingApproval" data-testid="settings-groups-link">
          Groups and coordinators
        </Link>
      </Typography>
      {/* Issue 29, a patient's own: the apps that read their records, and a copy of everything. */}
      {activeRole() === 'PATIENT' ? (
        <>
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="settings-connected-apps">
            The apps you allowed to read your records, and what they read:{' '}
            <Link
              component={RouterLink}
              to={SMART_PAGES.connectedApps}
              data-testid="settings-connected-apps-link"
            >
              Connected apps
            </Link>
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="settings-subscription">
            Your storage plan, its payments and receipts:{' '}
            <Link component={RouterLink} to="/settings/subscription" data-testid="settings-subscription-link">
              Subscription
            </Link>
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="settings-backup">
            A copy of all your records as FHIR files:{' '}
            <Link component={RouterLink} to={SMART_PAGES.backup} data-testid="settings-backup-link">
              Download everything
            </Link>
          </Typography>
        </>
      ) : null}
    </PageFrame>
  );
};

export default SettingsScreen;
