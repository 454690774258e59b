import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { MESSAGES, PATHS, docRequestTypeName, type ProviderRecordDetail } from '@portal/contracts';
import { queryError } from '@portal/api';
import { BackButton, PageFrame, StatusTag, type ExposedModuleLoader } from '@portal/ui';
import { usDate } from '../data-requests/due';
import { detailPath } from '../paths';
import { useGetDataRequestQuery } from '../request-detail/request-detail.api';
import { patientOf } from '../welcome/records-view';
import { Fact } from '../Fact';
import { useGetProviderRecordQuery } from './record-details.api';
import { RecordImaging } from './RecordImaging';
import { RecordReport } from './RecordReport';

type RecordTab = 'report' | 'imaging';
const TAB_LABEL: Record<RecordTab, string> = { report: 'Report', imaging: 'Imaging' };

/** The tabs a delivered record has (records spec §2.4): Report when a document opens in the browser, Imaging for a study. */
export const tabsOf = (detail: ProviderRecordDetail): RecordTab[] => [
  ...(detail.reports.length ? (['report'] as const) : []),
  ...(detail.study ? (['imaging'] as const) : []),
];

/** The record and the request it came from, with the way to that request. */
const Facts = ({ detail, patientRequestId }: { detail: ProviderRecordDetail; patientRequestId: string }) => {
  const { record } = detail;
  const request = useGetDataRequestQuery(patientRequestId, { skip: !patientRequestId });
  const r = request.data;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="record-details-record">
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
      {r ? (
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="record-details-request">
          <Typography component="h2" variant="subtitle1" sx={{ mb: 1 }}>
            Request
          </Typography>
          <Fact label="Patient" testId="record-details-request-patient">
            {r.patients[0]
              ? `${r.patients[0].last_name}, ${r.patients[0].first_name} (${usDate(r.patients[0].patient_dob)})`
              : ''}
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
          <Button
            component={RouterLink}
            to={detailPath(false, r.id)}
            variant="outlined"
            size="small"
            data-testid="record-details-open-request"
          >
            Open the request
          </Button>
        </Paper>
      ) : null}
    </Box>
  );
};

/**
 * A record the facility delivered (view-request-report-details and review-request-details): the record
 * view of records spec §2.4 for facility staff, the report in a frame and the study in the viewer, then
 * the record and the request it came from. The layout draws no header here, so the page brings its own Back.
 */
export const RecordDetailsScreen = ({ viewerLoader }: { viewerLoader?: ExposedModuleLoader }) => {
  const { patientRequestId = '', recordId = '' } = useParams();
  const found = useGetProviderRecordQuery(recordId, { skip: !recordId });
  const detail = found.data;
  const tabs = detail ? tabsOf(detail) : [];
  const [chosen, setChosen] = useState<RecordTab | null>(null);
  const tab = chosen && tabs.includes(chosen) ? chosen : tabs[0];
  const record = detail?.record;
  return (
    <PageFrame
      title={record?.record_name ?? 'Record'}
      testId="provider-record-details"
      back={<BackButton fallback={PATHS.new.providerHome} testId="record-details-back" />}
    >
      {found.isLoading ? <LinearProgress aria-label="Loading" /> : null}
      {found.error ? (
        <Alert severity="error" data-testid="record-details-error">
          {queryError(found.error).status === 404 ? MESSAGES.noRecordsFound : queryError(found.error).message}
        </Alert>
      ) : null}
      {detail && record ? (
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          {tabs.length ? (
            <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 }, minWidth: 0 }}>
              <Tabs
                value={tab}
                onChange={(_e, v: RecordTab) => setChosen(v)}
                aria-label="Record views"
                sx={{ mb: 2 }}
              >
                {tabs.map((t) => (
                  <Tab key={t} value={t} label={TAB_LABEL[t]} data-testid={`tab-${t}`} />
                ))}
              </Tabs>
              {tab === 'report' ? <RecordReport recordId={record.id} reports={detail.reports} /> : null}
              {tab === 'imaging' && detail.study ? (
                <RecordImaging
                  recordId={record.id}
                  study={detail.study}
                  patientRequestId={record.patientRequestId}
                  patientName={patientOf(record)}
                  organizationName={record.facility.name}
                  loader={viewerLoader}
                />
              ) : null}
            </Paper>
          ) : null}
          <Facts detail={detail} patientRequestId={patientRequestId || record.patientRequestId} />
        </Box>
      ) : null}
    </PageFrame>
  );
};
