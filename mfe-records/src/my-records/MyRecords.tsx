import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES, type PatientRequest } from '@portal/contracts';
import { getRouteTable } from '@portal/session';
import { EmptyState, PageFrame, StatusTag, useErrorToast } from '@portal/ui';
import { useGetStudyDataQuery } from './my-records.api';
import { DETAIL_ROUTES, TABS, isOpenRequest, isTab } from './tabs';
import type { TabRoute } from './tabs';

const LEGACY_TAB_PATHS: Partial<Record<TabRoute, string>> = {
  'all-requests': '/myRecords',
  'open-requests': '/openRequests',
  'shared-with-me': '/sharedWithMe',
};

const studyRows = (requests: PatientRequest[]) =>
  requests.flatMap((r) =>
    (r.approved_cfind_responses ?? []).flatMap((a) =>
      // A delivered document is an approved response without a study.
      a.cfind_response
        ? [
            {
              id: `${r.id}-${a.id}`,
              title: [a.cfind_response.modality, a.cfind_response.study_description].filter(Boolean).join(' '),
              facility: r.organization?.name ?? '',
              date: a.cfind_response.study_date_time ?? r.created ?? '',
              instances: a.cfind_response.total_instances,
            },
          ]
        : [],
    ),
  );

/** Documents a facility delivered (reports): approved responses without a study. */
const documentRows = (requests: PatientRequest[]) =>
  requests.flatMap((r) =>
    (r.approved_cfind_responses ?? []).flatMap((a) =>
      a.document ? [{ id: `${r.id}-${a.id}`, title: a.document.file_name, facility: r.organization?.name ?? '', date: a.document.created }] : [],
    ),
  );

const MyRecords = ({ legacyTab }: { legacyTab?: TabRoute }) => {
  const navigate = useNavigate();
  const params = useParams();
  const segment = legacyTab ?? params.tab;
  const { data, isLoading, error } = useGetStudyDataQuery();

  useEffect(() => {
    // Anything that is not a tab (or a details page) opens the all-requests tab.
    if (!legacyTab && !isTab(segment) && !DETAIL_ROUTES.includes(segment ?? ''))
      navigate('/patient/my-records/all-requests', { replace: true });
  }, [legacyTab, segment, navigate]);
  useErrorToast(error);

  const tab: TabRoute = isTab(segment) ? segment : 'all-requests';
  const requests = data ?? [];
  const studies = studyRows(requests);
  const documents = documentRows(requests);
  const openRequests = requests.filter((r) => isOpenRequest(r.status?.name));
  const legacy = getRouteTable() === 'legacy';
  const tabs = TABS.filter((t) => t.route !== 'whole-body-scans');
  const go = (t: TabRoute) =>
    navigate(legacy ? (LEGACY_TAB_PATHS[t] ?? '/myRecords') : `/patient/my-records/${t}`);

  return (
    <PageFrame
      title="My Records and Imaging"
      testId="my-records"
      actions={
        <>
          <Button variant="outlined" data-testid="records-upload">
            Upload
          </Button>
          <Button
            variant="contained"
            data-testid="records-request"
            onClick={() => navigate(legacy ? '/' : '/home')}
          >
            Request Records
          </Button>
        </>
      }
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', mb: 2 }}
        role="tablist"
        aria-label="Record lists"
      >
        {tabs.map((t) => (
          <Chip
            key={t.route}
            label={t.label}
            role="tab"
            aria-selected={tab === t.route}
            color={tab === t.route ? 'primary' : 'default'}
            variant={tab === t.route ? 'filled' : 'outlined'}
            onClick={() => go(t.route)}
            data-testid={`tab-${t.route}`}
          />
        ))}
      </Stack>
      {isLoading ? <LinearProgress aria-label="Loading records" /> : null}
      {!isLoading && tab === 'open-requests' ? (
        openRequests.length === 0 ? (
          <EmptyState text={MESSAGES.noOpenRequests} />
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: '21px',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
            }}
          >
            {openRequests.map((r) => (
              <Card
                key={r.id}
                variant="outlined"
                data-testid="open-request-card"
                role="link"
                tabIndex={0}
                sx={{ cursor: 'pointer' }}
                onClick={() => navigate(`/patient/my-records/review-request-details/${r.id}`)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') navigate(`/patient/my-records/review-request-details/${r.id}`);
                }}
              >
                <CardContent>
                  <Typography component="h3" variant="subtitle1">
                    {r.organization?.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {r.created ? new Date(r.created).toLocaleDateString() : ''}
                  </Typography>
                  <Typography variant="body2">
                    {(r.document_request ?? []).map((d) => d.document_request_type.name).join(', ')}
                  </Typography>
                  {r.status?.name ? <StatusTag status={r.status.name} /> : null}
                </CardContent>
              </Card>
            ))}
          </Box>
        )
      ) : null}
      {!isLoading && tab === 'all-requests' ? (
        <>
          <Typography component="h2" variant="h6" data-testid="all-studies-header">
            All Studies ({studies.length})
          </Typography>
          {studies.length === 0 && documents.length === 0 ? (
            <EmptyState text={MESSAGES.noRecordsAndImaging}>
              <Typography variant="body2">
                Use Upload to add records you already have, or Request Records to ask a facility for them.
              </Typography>
            </EmptyState>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, display: 'grid', gap: 2 }}>
              {studies.map((s) => (
                <Card component="li" key={s.id} variant="outlined" data-testid="study-card">
                  <CardContent>
                    <Typography component="h3" variant="subtitle1">
                      {s.title || 'Study'}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {s.facility} {s.date ? `· ${new Date(s.date).toLocaleDateString()}` : ''}
                    </Typography>
                  </CardContent>
                </Card>
              ))}
              {documents.map((d) => (
                <Card component="li" key={d.id} variant="outlined" data-testid="document-card">
                  <CardContent>
                    <Typography component="h3" variant="subtitle1">
                      {d.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {d.facility} {d.date ? `· ${new Date(d.date).toLocaleDateString()}` : ''}
                    </Typography>
                  </CardContent>
                </Card>
              ))}
            </Box>
          )}
        </>
      ) : null}
      {!isLoading && tab === 'favorites' ? <EmptyState text={MESSAGES.noRecordsFound} /> : null}
      {!isLoading && tab === 'shared-with-me' ? <EmptyState text={MESSAGES.noRecordsFound} /> : null}
    </PageFrame>
  );
};

export default MyRecords;
