import {
  PROVIDER_API,
  type IdentifierAnswer,
  type ProviderRecordDetail,
  type ViewerAccess,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

/** The record view's calls: the delivered record, its report's download identifier and its study's viewer token. */
export const recordDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProviderRecord: build.query<ProviderRecordDetail, string>({
      query: (recordId) => ({ url: apiPath(PROVIDER_API.record(recordId)), retry: 2 }),
    }),
    /** A fresh identifier each time a report is shown: it lives minutes, so none is kept. */
    getRecordReport: build.query<IdentifierAnswer, { recordId: string; documentId: string }>({
      query: ({ recordId, documentId }) => ({
        url: apiPath(PROVIDER_API.recordReport(recordId, documentId)),
      }),
      keepUnusedDataFor: 0,
    }),
    getRecordViewerToken: build.query<ViewerAccess, string>({
      query: (recordId) => ({ url: apiPath(PROVIDER_API.recordViewerToken(recordId)) }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetProviderRecordQuery, useGetRecordReportQuery, useGetRecordViewerTokenQuery } =
  recordDetailsApi;
