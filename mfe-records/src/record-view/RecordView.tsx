import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { MESSAGES } from '@portal/contracts';
import { queryError } from '@portal/api';
import { getRouteTable, ownPersonId } from '@portal/session';
import { EmptyState, PageFrame, toast, useErrorToast } from '@portal/ui';
import { ReportTab } from '../report/ReportTab';
import { downloadUrl, openPendingWindow } from '../report/open-window';
import { FacilityCard } from './FacilityCard';
import { useLibraryGrid } from '../grid/useLibraryGrid';
import { ImagingTab, openImagingAhead, usePreloadViewer } from './ImagingTab';
import { SharingPanel, StudyDetailsPanel } from './Panels';
import { ShareRecordsDialog } from '../share/ShareRecordsDialog';
import {
  useGeneratePdfMutation,
  useGetAttachmentsQuery,
  useGetLibraryRequestQuery,
  useGetRecordsInitQuery,
} from './record-view.api';
import {
  backOf,
  hasImagingTab,
  panelsOf,
  parseOrigin,
  patientNameOf,
  priorsOf,
  recordOf,
  reportDocumentsOf,
  type RecordTab,
  SHARING_PATH,
  tabsOf,
  type ViewedRecord,
} from './record-view.rules';

/** The library's default grid: the account's own records, for every person in it. */
const OWN_LIBRARY = {};

const TAB_LABEL: Record<RecordTab, string> = { report: 'Report', imaging: 'Imaging' };

/** The ids of the record: route params, or the legacy routes' query (patientRequestId, responseId). */
const useRecordIds = () => {
  const params = useParams();
  const [query] = useSearchParams();
  return {
    patientRequestId: params.patientRequestId ?? query.get('patientRequestId') ?? '',
    responseId: params.responseId ?? query.get('responseId') ?? '',
    origin: parseOrigin(query.get('from')),
  };
};

const RecordBody = ({ record, origin }: { record: ViewedRecord; origin: ReturnType<typeof parseOrigin> }) => {
  const navigate = useNavigate();
  const table = getRouteTable();
  const ref = { patientRequestId: record.request.id, responseId: record.response.id };
  const init = useGetRecordsInitQuery(ownPersonId());
  const attachments = useGetAttachmentsQuery(ref);
  const [generatePdf, pdf] = useGeneratePdfMutation();
  const [chosenTab, setChosenTab] = useState<RecordTab | null>(null);
  const panels = panelsOf(record, origin);

  // An attachments call that fails leaves the Report tab to the document the response itself is.
  const settled = !attachments.isLoading && !init.isLoading;
  const documents = reportDocumentsOf(record, attachments.data ?? []);
  const tabs = settled ? tabsOf(record, documents, Boolean(init.data?.enable_dicom_viewer)) : [];
  const tab = chosenTab && tabs.includes(chosenTab) ? chosenTab : tabs[0];
  const study = record.response.cfind_response;
  // Priors for side by side: the person's other studies, from the owner's library (not on a shared record).
  const library = useLibraryGrid(OWN_LIBRARY, tab !== 'imaging' || !study || record.sharedBy !== null);
  // The viewer's props keep their identity while nothing in them changes: the library's answers
  // (asked as the Imaging tab opens) must not draw the viewer again while its first image loads.
  const studyUid = study?.study_instance_uid;
  const priors = useMemo(
    () => (studyUid ? priorsOf(library.rows, record.request.id, studyUid) : []),
    [library.rows, record.request.id, studyUid],
  );
  const organizationName = record.selfUpload ? 'Self Uploaded' : record.request.organization?.name;
  const patientName = patientNameOf(record) || undefined;
  const viewer = useMemo(
    () =>
      studyUid
        ? {
            studyInstanceUid: studyUid,
            patientRequestId: record.request.id,
            title: record.title,
            patientName,
            organizationName,
            compareWith: priors,
          }
        : null,
    [studyUid, record.request.id, record.title, patientName, organizationName, priors],
  );

  const downloadPdf = async () => {
    const win = openPendingWindow();
    try {
      const { identifier } = await generatePdf(ref).unwrap();
      win.go(downloadUrl(identifier));
    } catch (e) {
      win.close();
      toast.error(queryError(e).message, 'download-pdf');
    }
  };
  const toSharing = () => navigate(SHARING_PATH[table]);
  const [sharing, setSharing] = useState(false);

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button
          variant="contained"
          onClick={() => void downloadPdf()}
          disabled={pdf.isLoading}
          aria-busy={pdf.isLoading}
          data-testid="download-pdf"
        >
          Download PDF
        </Button>
        {panels.share ? (
          <Button variant="outlined" onClick={() => setSharing(true)} data-testid="share-record">
            Share
          </Button>
        ) : null}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(260px, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          {!settled ? <LinearProgress aria-label="Loading record" /> : null}
          {settled && tabs.length === 0 ? (
            <EmptyState text={MESSAGES.noRecordsAttached} testId="record-empty" />
          ) : null}
          {tab ? (
            <>
              <Tabs
                value={tab}
                onChange={(_e, v: RecordTab) => {
                  if (v === 'imaging' && study) openImagingAhead(study.study_instance_uid);
                  setChosenTab(v);
                }}
                aria-label="Record views"
                sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
              >
                {tabs.map((t) => (
                  <Tab
                    key={t}
                    value={t}
                    label={TAB_LABEL[t]}
                    id={`record-tab-${t}`}
                    aria-controls={`record-tabpanel-${t}`}
                    data-testid={`tab-${t}`}
                  />
                ))}
              </Tabs>
              <Box role="tabpanel" id={`record-tabpanel-${tab}`} aria-labelledby={`record-tab-${tab}`}>
                {tab === 'report' ? (
                  <ReportTab patientRequestId={record.request.id} documents={documents} />
                ) : null}
                {tab === 'imaging' && study && viewer ? (
                  <ImagingTab
                    modality={study.modality}
                    description={study.study_description}
                    viewer={viewer}
                  />
                ) : null}
              </Box>
            </>
          ) : null}
        </Box>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <StudyDetailsPanel record={record} />
          <SharingPanel record={record} manage={panels.manageSharing} onManage={toSharing} />
          <ShareRecordsDialog
            record={
              sharing
                ? {
                    patientRequestId: record.request.id,
                    studyUid: study?.study_instance_uid ?? null,
                    documentId: study ? null : record.response.id,
                    cfindResponseId: study ? record.response.id : null,
                    docReqType: record.docReqType,
                    title: record.title,
                    patientName: patientNameOf(record) ?? '',
                    facilityName: record.request.organization.name || null,
                  }
                : null
            }
            onClose={() => setSharing(false)}
          />
          {panels.imagingProvider ? (
            <FacilityCard
              id={record.request.organization.id}
              name={record.request.organization.name}
              heading="Imaging provider"
              testId="imaging-provider"
            />
          ) : null}
        </Box>
      </Box>
    </>
  );
};

/**
 * The record view (records spec §2.4): back button named after the origin (or `back`, inside sharing
 * details), the title, the Sharing tag, Report and Imaging tabs, and the study details, sharing and
 * imaging-provider panels.
 */
const RecordView = ({ back: backTo }: { back?: { label: string; path: string } }) => {
  const { patientRequestId, responseId, origin } = useRecordIds();
  const navigate = useNavigate();
  const back = backTo ?? backOf(origin, getRouteTable());
  const {
    data: request,
    isLoading,
    error,
  } = useGetLibraryRequestQuery(patientRequestId, { skip: !patientRequestId });
  useErrorToast(error);
  const record = request ? recordOf(request, responseId) : null;
  const notFound = !patientRequestId || Boolean(error) || (request && !record);
  // The viewer warms as soon as the record says it has images, while the record's other calls (its
  // attachments) are still on their way: the Imaging tab may be the one that opens.
  const init = useGetRecordsInitQuery(ownPersonId());
  const study = record?.response.cfind_response;
  usePreloadViewer(
    record && study && hasImagingTab(record, Boolean(init.data?.enable_dicom_viewer))
      ? { studyInstanceUid: study.study_instance_uid, patientRequestId: record.request.id }
      : null,
  );

  const title = (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      {record ? (
        <span data-testid="record-title">{record.title}</span>
      ) : (
        <span>{notFound && !isLoading ? MESSAGES.noRecordsFound : 'Record'}</span>
      )}
      {record?.sharedWith.length ? (
        <Chip size="small" color="primary" label="Sharing" data-testid="sharing-tag" />
      ) : null}
    </Box>
  );
  return (
    <PageFrame
      title={title}
      testId="record-view"
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
      {isLoading ? <LinearProgress aria-label="Loading record" /> : null}
      {notFound && !isLoading ? (
        <EmptyState text={MESSAGES.noRecordsFound} testId="record-not-found" />
      ) : null}
      {record ? (
        <RecordBody key={`${record.request.id}/${record.response.id}`} record={record} origin={origin} />
      ) : null}
    </PageFrame>
  );
};

export default RecordView;
