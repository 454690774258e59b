import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Person } from '@portal/contracts';
import { PageFrame, useErrorToast } from '@portal/ui';
import { useGetPersonQuery } from '../settings/settings.api';
import { paths } from '@portal/session';

const line = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(', ');

const summary = (person: Person): Array<[string, string]> => [
  ['Name', [person.firstName, person.middleName, person.lastName].filter(Boolean).join(' ')],
  ['Date of birth', person.dateOfBirth ?? ''],
  ['Email', person.email],
  ['Phone', person.phone ? `+${person.country_code} ${person.phone}` : ''],
  ['Address', line(person.address, person.city, person.state, person.postcode, person.country)],
];

/** Older "My identity": who the portal knows the user as, and whether a government ID was verified. */
const MyIdentityScreen = () => {
  const { data: person, error, isLoading: loading } = useGetPersonQuery({ full: true });
  useErrorToast(error);
  return (
    <PageFrame title="My identity" testId="auth-myIdentity">
      {loading ? <LinearProgress aria-label="Loading" /> : null}
      {error ? (
        <Alert severity="error" data-testid="identity-load-error">
          {error.message}
        </Alert>
      ) : null}
      {person ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
          {/* A standard Alert, not a filled chip: white on orange fails the contrast check. */}
          <Alert
            severity={person.has_image ? 'success' : 'warning'}
            role="status"
            data-testid="identity-status"
            sx={{ mb: 2 }}
          >
            {person.has_image ? 'Identity verified' : 'Identity not verified'}
          </Alert>
          <Box
            component="dl"
            data-testid="identity-summary"
            sx={{ display: 'grid', gridTemplateColumns: { sm: '10rem 1fr' }, gap: 1, m: 0 }}
          >
            {summary(person).map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" sx={{ fontWeight: 600 }}>
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value || '—'}
                </Typography>
              </Box>
            ))}
          </Box>
          {person.has_image ? (
            person.person_image ? (
              <Box
                component="img"
                src={`data:${person.person_image.mimeType};base64,${person.person_image.content}`}
                alt="Government ID on file"
                data-testid="identity-photo-on-file"
                sx={{ display: 'block', mt: 2, maxWidth: '100%', maxHeight: 200, borderRadius: 1 }}
              />
            ) : null
          ) : (
            <Button
              component={RouterLink}
              to={paths().identityVerification}
              variant="contained"
              sx={{ mt: 2 }}
              data-testid="identity-verify"
            >
              Verify my identity
            </Button>
          )}
        </Paper>
      ) : null}
    </PageFrame>
  );
};

export default MyIdentityScreen;
