import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, PATHS, type Custodian } from '@portal/contracts';
import { EmptyState } from '@portal/ui';
import { startWizard } from '../wizard/start';
import { formatAddress, useFacilitySuggestions } from './facility-search';

const STEPS = [
  { title: 'Select a provider', text: 'Search for the hospital or imaging clinic that holds your records.' },
  { title: 'Request imaging', text: 'Tell us what you need; we send the request to the facility for you.' },
  {
    title: 'Take control of your records',
    text: 'View, download and share your imaging and reports in one place.',
  },
];

const TESTIMONIALS = [
  { quote: 'I had my MRI images in my hands before my specialist appointment.', name: 'Sample patient' },
  { quote: 'Sharing my scans with a second-opinion doctor took a minute.', name: 'Sample caregiver' },
  {
    quote: 'I requested my mother’s X-rays for her new doctor without a single phone call.',
    name: 'Sample family member',
  },
];

const SECURITY = ['Bank-grade security', 'HIPAA', 'ISO 27001', 'SOC 2 Type II'];

const Section = ({
  title,
  children,
  testId,
}: {
  title: string;
  children: React.ReactNode;
  testId: string;
}) => (
  <Box
    component="section"
    aria-labelledby={`${testId}-title`}
    data-testid={testId}
    sx={{ py: { xs: 3, sm: 5 } }}
  >
    <Typography id={`${testId}-title`} component="h2" variant="h5" sx={{ mb: 2, fontWeight: 600 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

const Landing = () => {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const { results, loading } = useFacilitySuggestions(text);

  const choose = (c: Custodian) => navigate(startWizard(c.id));

  return (
    <Box sx={{ px: { xs: 2, sm: 4 }, maxWidth: 1100, mx: 'auto' }} data-testid="landing">
      <Box sx={{ py: { xs: 4, sm: 8 }, textAlign: 'center' }}>
        <Typography
          component="h1"
          variant="h3"
          sx={{ fontWeight: 700, fontSize: { xs: '1.9rem', sm: '2.8rem' } }}
          data-testid="landing-headline"
        >
          Access, view, and share your medical imaging records
        </Typography>
        <Box sx={{ maxWidth: 640, mx: 'auto', mt: 4, textAlign: 'left' }}>
          <TextField
            fullWidth
            placeholder="Search hospitals or imaging clinics..."
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{
              htmlInput: {
                'aria-label': 'Search hospitals or imaging clinics',
                'data-testid': 'facility-search',
                'aria-controls': results !== null ? 'facility-results' : undefined,
                autoComplete: 'off',
              },
            }}
          />
          {results !== null ? (
            <Paper
              variant="outlined"
              sx={{ mt: 1 }}
              id="facility-results"
              data-testid="facility-results"
              aria-busy={loading}
            >
              {results.length === 0 ? (
                <EmptyState text={MESSAGES.noDataAvailable} testId="facility-empty" />
              ) : (
                <List aria-label="Facilities">
                  {results.map((c) => (
                    <ListItemButton key={c.id} onClick={() => choose(c)} data-testid="facility-option">
                      <ListItemText primary={c.name} secondary={formatAddress(c)} />
                    </ListItemButton>
                  ))}
                </List>
              )}
            </Paper>
          ) : null}
          <Typography sx={{ mt: 2 }}>
            Can&apos;t find your imaging provider?{' '}
            {/* A facility that is not in the catalogue: the patient names it, then the same wizard runs. */}
            <Link
              component={RouterLink}
              to={PATHS.new.unlistedFacility}
              data-testid="start-here"
              sx={{ fontWeight: 600 }}
            >
              Start here
            </Link>
          </Typography>
        </Box>
      </Box>

      <Section title="How it works" testId="how-it-works">
        <Grid container spacing={2}>
          {STEPS.map((s, i) => (
            <Grid key={s.title} size={{ xs: 12, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography component="h3" variant="h6">
                    {i + 1}. {s.title}
                  </Typography>
                  <Typography color="text.secondary">{s.text}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
        <Typography sx={{ mt: 2 }} data-testid="processing-time">
          <strong>Processing time:</strong> In most cases 2-3 days
        </Typography>
      </Section>

      <Section title="What patients say" testId="testimonials">
        <Grid container spacing={2}>
          {TESTIMONIALS.map((t) => (
            <Grid key={t.name} size={{ xs: 12, md: 4 }}>
              <Card variant="outlined" component="figure" sx={{ m: 0 }}>
                <CardContent>
                  <Typography component="blockquote" sx={{ m: 0 }}>
                    “{t.quote}”
                  </Typography>
                  <Typography component="figcaption" color="text.secondary" sx={{ mt: 1 }}>
                    {t.name}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Section>

      <Section title="Your records are safe" testId="security">
        <Typography sx={{ mb: 1 }}>
          We protect your data with bank-grade security and independent certifications.
        </Typography>
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0 }}>
          {SECURITY.map((s) => (
            <Box
              component="li"
              key={s}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 2, py: 1 }}
            >
              {s}
            </Box>
          ))}
        </Box>
      </Section>
    </Box>
  );
};

export default Landing;
