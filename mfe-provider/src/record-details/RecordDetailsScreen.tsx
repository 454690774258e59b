import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MESSAGES, docRequestTypeName } from '@portal/contracts';
import { BackButton, EmptyState, PageFrame, StatusTag, useErrorToast } from '@portal/ui';
import { usDate } from '../data-requests/due';
import { ALL_RECORDS_PATH, detailPath } from '../paths';
import { useGetDataRequestQuery } from '../request-detail/request-detail.api';
import { patientOf } from '../welcome/records-view';
import { useGetProviderRecordsQuery } from '../welcome/welcome.api';
import { Fact } from '../Fact';

/**
 * A record of the welcome page with the request it came from (view-request-report-details and
 * review-request-details). The layout draws no header here, so the page brings its own Back.
 */
export const RecordDetailsScreen = () => {
  const { patientRequestId = '', recordId = '' } = useParams();
  const records = useGetProviderRecordsQuery({ tab: 'all', search: '' });
  const request = useGetDataRequestQuery(patientRequestId, { skip: !patientRequestId });
  useErrorToast(records.error ?? request.error);
  const record = records.data?.find((r) => r.id === recordId);
  const r = request.data;
  return (
    <PageFrame title={record?.record_name ?? 'Record'} testId="provider-record-details" back={<BackButton fallback={ALL_RECORDS_PATH} testId="record-details-back" />}>
      {records.isLoading || request.isLoading ? <LinearProgress aria-label="Loading" /> : null}
      {!records.isLoading && !record ? <EmptyState text={MESSAGES.noRecordsFound} /> : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        {record ? (
          <Paper variant="outlined" sx={{ p: 2 }} data-testid="record-details-record">
            <Typography component="h2" variant="subtitle1" sx={{ mb: 1 }}>
              Record
            </Typography>
            <Fact label="Type" testId="record-details-type">
              {docRequestTypeName(record.record_type)}
            </Fact>
            <Fact label="Body part" testId="record-details-body-part">
              {record.body_part}
            </Fact>
            <Fact label="Patient" testId="record-details-patient">
              {patientOf(record)}
            </Fact>
            <Fact label="Exam date" testId="record-details-exam-date">
              {usDate(record.exam_date)}
            </Fact>
            <Fact label="Facility" testId="record-details-facility">
              {record.facility.name}
            </Fact>
          </Paper>
        ) : null}
        {r ? (
          <Paper variant="outlined" sx={{ p: 2 }} data-testid="record-details-request">
            <Typography component="h2" variant="subtitle1" sx={{ mb: 1 }}>
              Request
            </Typography>
            <Fact label="Patient" testId="record-details-request-patient">
              {r.patients[0] ? `${r.patients[0].last_name}, ${r.patients[0].first_name} (${usDate(r.patients[0].patient_dob)})` : ''}
            </Fact>
            <Fact label="Records requested" testId="record-details-requested">
              {r.document_request.map((d) => d.document_request_type.name).join(', ')}
            </Fact>
            <Fact label="Requested on" testId="record-details-requested-on">
              {r.created ? new Date(r.created).toLocaleDateString() : ''}
            </Fact>
            <Fact label="Status" testId="record-details-status">
              {r.status?.name ? <StatusTag status={r.status.name} /> : null}
            </Fact>
            <Button component={RouterLink} to={detailPath(false, r.id)} variant="outlined" size="small" data-testid="record-details-open-request">
              Open the request
            </Button>
          </Paper>
        ) : null}
      </Box>
    </PageFrame>
  );
};
