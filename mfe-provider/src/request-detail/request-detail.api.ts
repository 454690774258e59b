import type { InferType } from 'yup';
import {
  PROVIDER_API,
  type AddDocumentsResult,
  type DataRequestDetail,
  type OtherDocument,
  type ProviderDocument,
  type ProviderUploadFile,
  type ProviderUploadForms,
  type UploadedDocument,
  type rejectDocumentRequestSchema,
} from '@portal/contracts';
import { apiPath, postToUploadForm, type UploadForm } from '@portal/api';
import { api } from '../api';

export type RejectInput = InferType<typeof rejectDocumentRequestSchema>;
interface DocumentRequestRef {
  patientRequestId: string;
  documentRequestId: string;
}

/** The request detail's calls (records spec §7 "Provider data requests"). */
export const requestDetailApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDataRequest: build.query<DataRequestDetail, string>({
      query: (id) => ({ url: apiPath(PROVIDER_API.dataRequest(id)), retry: 2 }),
      providesTags: (_r, _e, id) => [{ type: 'DataRequest', id }],
    }),
    getDocuments: build.query<ProviderDocument[], DocumentRequestRef>({
      query: ({ patientRequestId, documentRequestId }) => ({
        url: apiPath(PROVIDER_API.documents(patientRequestId, documentRequestId)),
        retry: 2,
      }),
      providesTags: (_r, _e, { documentRequestId }) => [{ type: 'Documents', id: documentRequestId }],
    }),
    getOtherDocuments: build.query<OtherDocument[], string>({
      query: (id) => ({ url: apiPath(PROVIDER_API.otherDocuments(id)), retry: 2 }),
    }),
    uploadForms: build.mutation<ProviderUploadForms, DocumentRequestRef & { files: ProviderUploadFile[] }>({
      query: (body) => ({ url: apiPath(PROVIDER_API.uploadForms), method: 'POST', body }),
    }),
    /**
     * POSTs a file to its presigned form: inputs first, then `file`. The disk blob store's action is the
     * portal's own origin and goes through the base query (CSRF, bearer); a storage URL elsewhere (S3)
     * gets a plain POST, as extra headers would fail its CORS preflight.
     */
    postFile: build.mutation<null, { form: UploadForm; file: File }>({
      queryFn: ({ form, file }, _api, _extra, baseQuery) => postToUploadForm(form, file, baseQuery),
    }),
    addDocuments: build.mutation<
      AddDocumentsResult,
      DocumentRequestRef & { uploadedDocuments: UploadedDocument[] }
    >({
      query: (body) => ({ url: apiPath(PROVIDER_API.addDocuments), method: 'POST', body }),
    }),
    deleteDocument: build.mutation<unknown, DocumentRequestRef & { documentId: string }>({
      query: (body) => ({ url: apiPath(PROVIDER_API.deleteDocument), method: 'POST', body }),
      invalidatesTags: (_r, _e, { documentRequestId }) => [{ type: 'Documents', id: documentRequestId }],
    }),
    markUploaded: build.mutation<unknown, { patientRequestId: string }>({
      query: (body) => ({ url: apiPath(PROVIDER_API.markUploaded), method: 'POST', body }),
      invalidatesTags: (_r, _e, { patientRequestId }) => [
        { type: 'DataRequest', id: patientRequestId },
        'DataRequests',
      ],
    }),
    rejectDocumentRequest: build.mutation<unknown, RejectInput>({
      query: (body) => ({ url: apiPath(PROVIDER_API.reject), method: 'POST', body }),
      invalidatesTags: (_r, _e, { patientRequestId }) => [
        { type: 'DataRequest', id: patientRequestId },
        'DataRequests',
      ],
    }),
    cancelRejection: build.mutation<unknown, DocumentRequestRef>({
      query: (body) => ({ url: apiPath(PROVIDER_API.cancelRejection), method: 'POST', body }),
      invalidatesTags: (_r, _e, { patientRequestId }) => [
        { type: 'DataRequest', id: patientRequestId },
        'DataRequests',
      ],
    }),
  }),
});

export const {
  useGetDataRequestQuery,
  useGetDocumentsQuery,
  useGetOtherDocumentsQuery,
  useUploadFormsMutation,
  useAddDocumentsMutation,
  usePostFileMutation,
  useDeleteDocumentMutation,
  useMarkUploadedMutation,
  useRejectDocumentRequestMutation,
  useCancelRejectionMutation,
} = requestDetailApi;
