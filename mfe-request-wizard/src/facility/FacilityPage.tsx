import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { PATHS, type CustodianDetails } from '@portal/contracts';
import { EmptyState, PageLoading, portalTheme } from '@portal/ui';
import { formatAddress } from '../landing/facility-search';
import { startWizard } from '../wizard/start';
import { useGetCustodianDetailsQuery } from './facility.api';

export const FACILITY_NOT_FOUND = 'We could not find this facility.';

/** A website as stored may lack its scheme; a bare host would otherwise be read as a path of the portal. */
const websiteHref = (site: string) => (/^https?:\/\//i.test(site) ? site : `https://${site}`);

const Fact = ({ label, children, testId }: { label: string; children: ReactNode; testId: string }) => (
  <Box sx={{ mb: 2 }} data-testid={testId}>
    <Typography variant="overline" component="h2" color="text.secondary" sx={{ lineHeight: 1.6 }}>
      {label}
    </Typography>
    <Box>{children}</Box>
  </Box>
);

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');

const FacilityDetails = ({ facility }: { facility: CustodianDetails }) => {
  const navigate = useNavigate();
  const logo = facility.value?.image_data;
  const docTypes = facility.docTypes ?? [];
  const aliases = facility.aliases ?? [];
  return (
    // The page wears the facility's own theme, as its login and external wizard do.
    <ThemeProvider theme={portalTheme(facility.theme)}>
      <Box
        sx={{ px: { xs: 2, sm: 4 }, py: { xs: 3, sm: 5 }, maxWidth: 900, mx: 'auto' }}
        data-testid="facility-page"
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 3 }}>
          <Avatar
            src={logo ?? undefined}
            alt={logo ? `${facility.name} logo` : undefined}
            variant="rounded"
            sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 28 }}
            data-testid="facility-logo"
          >
            {initials(facility.name)}
          </Avatar>
          <Box sx={{ flex: '1 1 240px' }}>
            <Typography
              component="h1"
              variant="h4"
              sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' } }}
              data-testid="facility-name"
            >
              {facility.name}
            </Typography>
            <Typography color="text.secondary" data-testid="facility-address">
              {formatAddress(facility)}
            </Typography>
          </Box>
          <Button
            variant="contained"
            size="large"
            onClick={() => navigate(startWizard(facility.id))}
            data-testid="facility-request"
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            Request records
          </Button>
        </Box>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {facility.description ? (
            <Typography sx={{ mb: 3 }} data-testid="facility-description">
              {facility.description}
            </Typography>
          ) : null}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 4 }}>
            {facility.phone ? (
              <Fact label="Phone" testId="facility-phone">
                <Link href={`tel:${facility.phone}`}>{facility.phone}</Link>
              </Fact>
            ) : null}
            {facility.website ? (
              <Fact label="Website" testId="facility-website">
                <Link href={websiteHref(facility.website)} target="_blank" rel="noopener noreferrer">
                  {facility.website}
                </Link>
              </Fact>
            ) : null}
            <Fact label="Records it holds" testId="facility-doc-types">
              {docTypes.length ? (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  {docTypes.map((t) => (
                    <Chip key={t.id} label={t.name} />
                  ))}
                </Box>
              ) : (
                <Typography color="text.secondary">Not listed</Typography>
              )}
            </Fact>
            {aliases.length ? (
              <Fact label="Also known as" testId="facility-aliases">
                <Typography>{aliases.map((a) => a.name).join(', ')}</Typography>
              </Fact>
            ) : null}
          </Box>
        </Paper>
      </Box>
    </ThemeProvider>
  );
};

/** /facility/:id: one facility's public page, with the way into the wizard for it. */
const FacilityPage = () => {
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useGetCustodianDetailsQuery(id, { skip: !id });
  if (isLoading) return <PageLoading />;
  if (isError || !data) {
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', px: 2 }}>
        <EmptyState text={FACILITY_NOT_FOUND} testId="facility-not-found">
          <Typography sx={{ mt: 1 }}>
            <Link component={RouterLink} to={PATHS.new.landing}>
              Search for your imaging provider
            </Link>
          </Typography>
        </EmptyState>
      </Box>
    );
  }
  return <FacilityDetails facility={data} />;
};

export default FacilityPage;
