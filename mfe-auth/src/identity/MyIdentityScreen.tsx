import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { IDENTITY_API, type Person } from '@portal/contracts';
import { getRouteTable } from '@portal/session';
import { PageFrame } from '@portal/ui';
import { useApiGet } from '../components/useApiGet';

const line = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(', ');

/** Older "My identity": who the portal knows the user as, and whether a government ID was verified. */
const MyIdentityScreen = () => {
  const { data: person, loading } = useApiGet<Person>(`${IDENTITY_API.getPerson}?full=true`);
  if (loading || !person) return <LinearProgress aria-label="Loading" />;
  const rows: Array<[string, string]> = [
    ['Name', line(person.firstName, person.middleName, person.lastName)],
    ['Date of birth', person.dateOfBirth ?? ''],
    ['Email', person.email],
    ['Phone', person.phone ? `+${person.country_code} ${person.phone}` : ''],
    ['Address', line(person.address, person.city, person.state, person.postcode, person.country)],
  ];
  return (
    <PageFrame title="My identity" testId="auth-myIdentity">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <Chip
          label={person.has_image ? 'Identity verified' : 'Identity not verified'}
          color={person.has_image ? 'success' : 'warning'}
          data-testid="identity-status"
          sx={{ mb: 2 }}
        />
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { sm: '10rem 1fr' }, gap: 1, m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value || '—'}
              </Typography>
            </Box>
          ))}
        </Box>
        {person.person_image ? (
          <Box
            component="img"
            src={`data:${person.person_image.mimeType};base64,${person.person_image.content}`}
            alt="Government ID on file"
            sx={{ display: 'block', mt: 2, maxWidth: '100%', maxHeight: 200, borderRadius: 1 }}
          />
        ) : (
          <Button
            component={RouterLink}
            to={getRouteTable() === 'legacy' ? '/identityVerification' : '/identity-verification'}
            variant="contained"
            sx={{ mt: 2 }}
            data-testid="identity-verify"
          >
            Verify my identity
          </Button>
        )}
      </Paper>
    </PageFrame>
  );
};

export default MyIdentityScreen;
