import {
  type ConsultationInboxPage,
  type KeyImageCandidate,
  PROVIDER_WHOLE_BODY_SCAN_API as API,
  type ProviderScanListItem,
  type ProviderScanSetup,
  type PublishScanInput,
  type ScanPatientChoice,
  type ScheduleMeetingInput,
} from '@portal/contracts';
import { apiPath, postToUploadForm, type UploadForm } from '@portal/api';
import { api } from '../api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['Scans', 'Consultations'] });

/** The whole-body-scan facility's calls: what it publishes, and the consultations it answers. */
export const wholeBodyScansApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    scanSetup: build.query<ProviderScanSetup, void>({ query: () => apiPath(API.setup) }),
    publishedScans: build.query<ProviderScanListItem[], void>({
      query: () => apiPath(API.scans),
      providesTags: ['Scans'],
    }),
    scanPatients: build.query<ScanPatientChoice[], string>({
      query: (search) => `${apiPath(API.patients)}?search=${encodeURIComponent(search)}`,
    }),
    keyImageCandidates: build.query<KeyImageCandidate[], string>({
      query: (patientRequestId) =>
        `${apiPath(API.keyImageCandidates)}?patientRequestId=${encodeURIComponent(patientRequestId)}`,
    }),
    /** A PDF or video report goes to the blob store first; publishing names it by its key. */
    reportUploadForm: build.mutation<
      UploadForm,
      { fileName: string; size: number; kind: 'PDF_REPORT' | 'VIDEO_REPORT' }
    >({
      query: ({ fileName, size, kind }) =>
        `${apiPath(API.uploadForm)}?${new URLSearchParams({ fileName, size: String(size), kind }).toString()}`,
    }),
    postReport: build.mutation<null, { form: UploadForm; file: File }>({
      queryFn: ({ form, file }, _api, _extra, baseQuery) => postToUploadForm(form, file, baseQuery),
    }),
    publishScan: build.mutation<{ id: string }, PublishScanInput>({
      query: (body) => ({ url: apiPath(API.scans), method: 'POST', body }),
      invalidatesTags: ['Scans'],
    }),
    importFhirReport: build.mutation<{ id: string }, unknown>({
      query: (body) => ({ url: apiPath(API.importFhir), method: 'POST', body }),
      invalidatesTags: ['Scans'],
    }),
    consultations: build.query<ConsultationInboxPage, void>({
      query: () => apiPath(API.consultations),
      providesTags: ['Consultations'],
    }),
    scheduleMeeting: build.mutation<
      { id: string; host_link: string },
      { consultationId: string } & ScheduleMeetingInput
    >({
      query: ({ consultationId, ...body }) => ({
        url: apiPath(API.scheduleMeeting(consultationId)),
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Consultations'],
    }),
  }),
});

export const {
  useScanSetupQuery,
  usePublishedScansQuery,
  useScanPatientsQuery,
  useKeyImageCandidatesQuery,
  usePublishScanMutation,
  useReportUploadFormMutation,
  usePostReportMutation,
  useImportFhirReportMutation,
  useConsultationsQuery,
  useScheduleMeetingMutation,
} = wholeBodyScansApi;
