import {
  WHOLE_BODY_SCAN_API,
  type ConsultationInput,
  type FindingDocumentAnswer,
  type FindingDocuments,
  type FollowUpInput,
  type FollowUpTask,
  type PatientPlusLauncher,
  type VideoReport,
  type VideoReportAnswer,
  type WholeBodyScan,
  type WholeBodyScanListItem,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export interface FindingRef {
  scanId: string;
  findingId: string;
}

/** The patient's calls of whole body scans (records spec §7), beside the screens that make them. */
export const wholeBodyScansApi = api
  .enhanceEndpoints({ addTagTypes: ['WholeBodyScan', 'FollowUps'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The caller's scans, newest first: also the check that shows the Whole Body Scans chip. */
      loadWholeBodyScans: build.query<WholeBodyScanListItem[], void>({
        query: () => ({ url: apiPath(WHOLE_BODY_SCAN_API.loadGrid) }),
      }),
      /** The 'view on' launchers of the facilities with scans. */
      getPatientPlusLaunchers: build.query<PatientPlusLauncher[], void>({
        query: () => ({ url: apiPath(WHOLE_BODY_SCAN_API.patientPlusUIData) }),
      }),
      /** One scan with its findings tree and consultation requests. */
      getWholeBodyScan: build.query<WholeBodyScan, string>({
        query: (id) => ({ url: apiPath(WHOLE_BODY_SCAN_API.scan(id)) }),
        providesTags: (_r, _e, id) => [{ type: 'WholeBodyScan', id }],
      }),
      getVideoReports: build.query<VideoReport[], string>({
        query: (id) => ({ url: apiPath(WHOLE_BODY_SCAN_API.videoReports(id)) }),
      }),
      /** Where one video report streams from. */
      getVideoReport: build.query<VideoReportAnswer, { scanId: string; videoReportId: string }>({
        query: ({ scanId, videoReportId }) => ({
          url: apiPath(WHOLE_BODY_SCAN_API.videoReport(scanId, videoReportId)),
        }),
        keepUnusedDataFor: 0,
      }),
      /** A finding's key images, PDF reports and recommended next steps. */
      getFindingDocuments: build.query<FindingDocuments, FindingRef>({
        query: ({ scanId, findingId }) => ({
          url: apiPath(WHOLE_BODY_SCAN_API.findingDocuments(scanId, findingId)),
        }),
      }),
      /** A document's download identifier (a key image also has the url of its rendered image). */
      getFindingDocument: build.query<FindingDocumentAnswer, FindingRef & { docId: string }>({
        query: ({ scanId, findingId, docId }) => ({
          url: apiPath(WHOLE_BODY_SCAN_API.findingDocument(scanId, findingId, docId)),
        }),
        // Identifiers are short-lived: each View or Download asks for a fresh one.
        keepUnusedDataFor: 0,
      }),
      requestConsultation: build.mutation<{ id: string }, ConsultationInput>({
        query: (body) => ({ url: apiPath(WHOLE_BODY_SCAN_API.requestConsultation), method: 'POST', body }),
        invalidatesTags: (_r, error, { wholeBodyScanId }) =>
          error ? [] : [{ type: 'WholeBodyScan', id: wholeBodyScanId }],
      }),
      /** The follow-up tracker (beyond the spec): the tasks of all the patient's scans. */
      getFollowUps: build.query<FollowUpTask[], void>({
        query: () => ({ url: apiPath(WHOLE_BODY_SCAN_API.followUps) }),
        providesTags: ['FollowUps'],
      }),
      updateFollowUp: build.mutation<FollowUpTask, { taskId: string; input: FollowUpInput }>({
        query: ({ taskId, input }) => ({
          url: apiPath(WHOLE_BODY_SCAN_API.followUp(taskId)),
          method: 'PATCH',
          body: input,
        }),
        invalidatesTags: ['FollowUps'],
      }),
    }),
  });

export const {
  useLoadWholeBodyScansQuery,
  useGetPatientPlusLaunchersQuery,
  useGetWholeBodyScanQuery,
  useGetVideoReportsQuery,
  useGetVideoReportQuery,
  useGetFindingDocumentsQuery,
  useGetFindingDocumentQuery,
  useLazyGetFindingDocumentQuery,
  useLazyGetWholeBodyScanQuery,
  useLazyGetFindingDocumentsQuery,
  useRequestConsultationMutation,
  useGetFollowUpsQuery,
  useUpdateFollowUpMutation,
} = wholeBodyScansApi;
