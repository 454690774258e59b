import type { ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  daysLeft,
  isClosedStatus,
  type PatientRequestDetails,
  REQUEST_STATUS,
  TIMELINE_EVENT_NAMES,
  timelineDetail,
} from '@portal/contracts';
import { getRouteTable } from '@portal/session';
import { PageFrame, StatusTag, useErrorToast } from '@portal/ui';
import { PayFeeButton } from '../my-records/PayFeeButton';
import { FacilityCard } from '../record-view/FacilityCard';
import { Facts } from '../record-view/Panels';
import { backOf, formatDay as formatDate, parseOrigin } from '../record-view/record-view.rules';
import { useGetPatientRequestQuery } from './request-status.api';
import { StudyMovePanel } from './StudyMovePanel';

/** 'MMM DD, YYYY' of a YYYY-MM-DD date, in UTC so the day does not shift with the browser's zone. */
const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Our own words for the days left until the facility's due date. */
const daysLeftText = (n: number) =>
  n < 0 ? `${-n} days overdue` : n === 0 ? 'Due today' : n === 1 ? '1 day left' : `${n} days left`;

const fullName = (p: PatientRequestDetails['patient']) =>
  [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');

/** The patient details card (records spec §2.3): what the request says of the patient. */
const PatientCard = ({ request }: { request: PatientRequestDetails }) => {
  const rows: Array<[string, ReactNode]> = [
    ['Name', fullName(request.patient)],
    ['Date of birth', formatDate(request.patient.dateOfBirth) ?? request.patient.dateOfBirth],
  ];
  if (request.mrn) rows.push(['MRN', request.mrn]);
  if (request.patient.email) rows.push(['Email', request.patient.email]);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Patient details"
      data-testid="request-patient"
      sx={{ p: 2 }}
    >
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Patient details
      </Typography>
      <Facts rows={rows} />
    </Paper>
  );
};

/**
 * A request's status page (review-request-details, records spec §2.3): a go-back button named after
 * the origin (or `back`, inside sharing details), the facility and patient details, the status, the facility's due date and the life of
 * the request so far.
 */
const RequestStatusScreen = ({ back: backTo }: { back?: { label: string; path: string } }) => {
  const { id = '' } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const back = backTo ?? backOf(parseOrigin(query.get('from')), getRouteTable());
  const { data, isLoading, error, refetch } = useGetPatientRequestQuery(id);
  useErrorToast(error);
  const answered = isClosedStatus(data?.status);
  return (
    <PageFrame
      title="Request status"
      testId="request-status"
      back={
        <Button
          variant="text"
          onClick={() => navigate(back.path)}
          data-testid="back-button"
          sx={{ alignSelf: 'flex-start', mb: 1 }}
        >
          ← {back.label}
        </Button>
      }
    >
      {isLoading ? <LinearProgress aria-label="Loading request" /> : null}
      {data ? (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 2 }}>
            <FacilityCard
              id={data.custodian.id}
              name={data.custodian.name}
              heading="Facility details"
              testId="request-facility"
            />
            <PatientCard request={data} />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <StatusTag status={data.status} />
            <PayFeeButton
              patientRequestId={data.id}
              facilityName={data.custodian.name}
              status={data.status}
            />
          </Box>
          {data.status === REQUEST_STATUS.PENDING_STUDY_MOVE ? (
            <StudyMovePanel patientRequestId={data.id} onEnded={refetch} />
          ) : null}
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="request-due-date">
            Due by {formatDay(data.dueDate)}
            {answered ? '' : ` · ${daysLeftText(daysLeft(data.dueDate))}`}
          </Typography>
          <Box component="ol" aria-label="Timeline" sx={{ pl: 2, mt: 2 }}>
            {data.timeline.map((e, i) => (
              <li key={`${e.event}-${i}`} data-testid="timeline-entry">
                <Typography variant="body2" component="span">
                  {TIMELINE_EVENT_NAMES[e.event]}
                  {timelineDetail(e) ? ` (${timelineDetail(e)})` : ''}
                </Typography>{' '}
                <Typography variant="caption" color="text.secondary" component="time" dateTime={e.at}>
                  {new Date(e.at).toLocaleString()}
                </Typography>
              </li>
            ))}
          </Box>
        </>
      ) : null}
    </PageFrame>
  );
};

export default RequestStatusScreen;
