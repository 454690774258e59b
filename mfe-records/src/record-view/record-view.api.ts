import {
  type CustodianDetails,
  type EnhancedReportAnswer,
  type IdentifierAnswer,
  type LibraryAttachment,
  type PatientRequest,
  RECORDS_API,
  type RecordsInit,
  REQUESTS_API,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export interface ResponseRef {
  patientRequestId: string;
  responseId: string;
}

export const recordViewApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One library request of the caller with its approved responses (404 for anyone else's). */
    getLibraryRequest: build.query<PatientRequest, string>({
      query: (id) => ({ url: apiPath(RECORDS_API.patientRequest(id)), retry: 2 }),
    }),
    /** enable_dicom_viewer (the Imaging tab's switch). */
    getRecordsInit: build.query<RecordsInit, string | undefined>({
      query: (personId) => ({
        url: `${apiPath(RECORDS_API.init)}${personId ? `?personId=${encodeURIComponent(personId)}` : ''}`,
      }),
    }),
    /** The reports and other documents of an approved response. */
    getAttachments: build.query<LibraryAttachment[], ResponseRef>({
      query: ({ patientRequestId, responseId }) => ({
        url: apiPath(RECORDS_API.attachments(patientRequestId, responseId)),
      }),
    }),
    /** A download identifier of one attachment (a frame opens it without a bearer token). */
    getAttachmentContent: build.query<IdentifierAnswer, { patientRequestId: string; attachmentId: string }>({
      query: ({ patientRequestId, attachmentId }) => ({
        url: apiPath(RECORDS_API.attachmentContent(patientRequestId, attachmentId)),
      }),
      // Identifiers are short-lived: a tab shown again asks for a fresh one.
      keepUnusedDataFor: 0,
    }),
    /** The facility (name, address, phone, website, logo). */
    getCustodianDetails: build.query<CustodianDetails, string>({
      query: (id) => ({ url: apiPath(`${REQUESTS_API.getCustodiansDetails}/${id}`) }),
    }),
    /** Makes the record's PDF and answers its download identifier. */
    generatePdf: build.mutation<IdentifierAnswer, ResponseRef>({
      query: ({ patientRequestId, responseId }) => ({
        url: apiPath(RECORDS_API.generatePdf(patientRequestId, responseId)),
      }),
    }),
    /** Asks for the patient-friendly report of an attachment: its identifier, polled with enhancedReportStatus. */
    requestEnhancedReport: build.mutation<
      IdentifierAnswer,
      { patientRequestId: string; attachmentId: string }
    >({
      query: ({ patientRequestId, attachmentId }) => ({
        url: apiPath(RECORDS_API.enhancedReport(patientRequestId, attachmentId)),
      }),
    }),
    /** Whether the enhanced report is made: a query, so that RTK Query's polling asks again; kept no longer than it is watched. */
    enhancedReportStatus: build.query<EnhancedReportAnswer, string>({
      query: (identifier) => ({ url: apiPath(RECORDS_API.enhancedReportStatus(identifier)) }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetLibraryRequestQuery,
  useGetRecordsInitQuery,
  useGetAttachmentsQuery,
  useGetAttachmentContentQuery,
  useGetCustodianDetailsQuery,
  useGeneratePdfMutation,
  useRequestEnhancedReportMutation,
  useEnhancedReportStatusQuery,
} = recordViewApi;
