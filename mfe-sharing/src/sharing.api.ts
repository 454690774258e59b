import {
  REQUESTS_API,
  SHARING_API,
  type CreatedHealthLink,
  type Custodian,
  type PrintedAccessPage,
  type ViewerLinkSummary,
  type DownloadIdentifier,
  type ShareableRecord,
  type SharedPersonDetails,
  type SharedRecordRef,
  type SharedPerson,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from './api';

/** The invite payload of the spec (§3): one person, all records or the listed ones. */
export interface ShareRecordsBody {
  notificationRecipient: Array<{
    firstName: string;
    lastName: string;
    email: string;
    id: string;
    relationship: string;
    relationshipId: number;
  }>;
  allRecords: boolean;
  limitedaccess: SharedRecordRef[];
}

/** A path with its query string (empty values left out). */
const withQuery = (path: string, params: Record<string, string | null | undefined>): string => {
  const q = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => !!e[1]),
  ).toString();
  return apiPath(q ? `${path}?${q}` : path);
};

/** Every call of the sharing area (records spec §7, Sharing); lists reload after each change. */
export const sharingApi = api
  .enhanceEndpoints({ addTagTypes: ['People', 'Recipients', 'Person', 'Links'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The people the caller shares with; a 504 is asked again twice, 2 s apart. */
      getSharedUsers: build.query<SharedPerson[], void>({
        query: () => ({ url: apiPath(SHARING_API.sharedUsers), retry: 2 }),
        providesTags: ['People'],
      }),
      getShareableRecords: build.query<ShareableRecord[], void>({
        query: () => ({ url: apiPath(SHARING_API.shareableRecords) }),
      }),
      getRecipients: build.query<SharedPerson[], SharedRecordRef>({
        query: (r) => ({
          url: withQuery(SHARING_API.recipients(r.patientRequestId), {
            studyUid: r.studyUid,
            documentId: r.documentId,
          }),
        }),
        providesTags: ['Recipients'],
      }),
      getSharedPerson: build.query<SharedPersonDetails, string>({
        query: (id) => ({ url: apiPath(SHARING_API.sharedPerson(id)) }),
        providesTags: ['Person'],
      }),
      shareRecords: build.mutation<SharedPerson, ShareRecordsBody>({
        query: (body) => ({ url: apiPath(SHARING_API.shareRecords), method: 'POST', body }),
        invalidatesTags: ['People', 'Recipients', 'Person'],
      }),
      setRecordAccess: build.mutation<
        'OK',
        SharedRecordRef & { recipient: Array<{ patient_portal_user_id: string; is_enabled: boolean }> }
      >({
        query: (body) => ({ url: apiPath(SHARING_API.disablePatientToShareRecord), method: 'POST', body }),
        invalidatesTags: ['People', 'Recipients', 'Person'],
      }),
      removeAccess: build.mutation<
        'OK',
        { id: string; study_uuid: string | null; document_id: string | null }
      >({
        query: ({ id, ...body }) => ({ url: apiPath(SHARING_API.removeAccess(id)), method: 'PUT', body }),
        invalidatesTags: ['People', 'Recipients', 'Person'],
      }),
      removeSharedUser: build.mutation<'OK', string>({
        query: (id) => ({ url: apiPath(SHARING_API.removeSharedUser(id)), method: 'PUT', body: {} }),
        invalidatesTags: ['People', 'Recipients'],
      }),
      setShareExpiry: build.mutation<SharedPersonDetails, { id: string; expiresAt: string | null }>({
        query: ({ id, expiresAt }) => ({
          url: apiPath(SHARING_API.sharedPersonExpiry(id)),
          method: 'PUT',
          body: { expiresAt },
        }),
        invalidatesTags: ['People', 'Person'],
      }),
      printAccessPage: build.mutation<
        PrintedAccessPage,
        { patientRequestId: string; studyUid: string | null; expiresAt: string | null }
      >({
        query: (body) => ({ url: apiPath(SHARING_API.printAccessPage), method: 'POST', body }),
        invalidatesTags: ['Links'],
      }),
      /** Issue 29: a SMART Health Link of the record; it is a public link underneath (listed, revocable). */
      createHealthLink: build.mutation<
        CreatedHealthLink,
        {
          patientRequestId: string;
          studyUid: string | null;
          passcode: string;
          label: string | null;
          expiresAt: string | null;
        }
      >({
        query: (body) => ({ url: apiPath(SHARING_API.healthLinks), method: 'POST', body }),
        invalidatesTags: ['Links'],
      }),
      getViewerLinks: build.query<ViewerLinkSummary[], void>({
        query: () => ({ url: apiPath(SHARING_API.viewerLinks) }),
        providesTags: ['Links'],
      }),
      revokeViewerLink: build.mutation<'OK', string>({
        query: (id) => ({ url: apiPath(SHARING_API.viewerLink(id)), method: 'DELETE' }),
        invalidatesTags: ['Links'],
      }),
      /** Facilities whose name or city contains the text (the requests context's public directory). */
      searchFacilities: build.query<Custodian[], string>({
        query: (filterStr) => withQuery(REQUESTS_API.getCustodians, { filterStr }),
      }),
      shareWithFacility: build.mutation<
        'OK',
        {
          patientRequestId: string;
          custodian: string;
          studyUid: string;
          note: string;
          alias: string | null;
          email: string;
        }
      >({
        query: (body) => ({ url: apiPath(SHARING_API.shareWithFacility), method: 'POST', body }),
        invalidatesTags: ['Links'],
      }),
      downloadIdentifier: build.mutation<
        DownloadIdentifier,
        { kind: 'iso' | 'zip'; patientRequestId: string; studyUid: string }
      >({
        query: ({ kind, ...params }) => ({
          url: withQuery(
            kind === 'iso' ? SHARING_API.generateIdentifierForISO : SHARING_API.downloadAllAttachments,
            params,
          ),
        }),
      }),
    }),
  });

export const {
  useGetSharedUsersQuery,
  useGetShareableRecordsQuery,
  useGetRecipientsQuery,
  useGetSharedPersonQuery,
  useShareRecordsMutation,
  useSetRecordAccessMutation,
  useRemoveAccessMutation,
  useRemoveSharedUserMutation,
  useSetShareExpiryMutation,
  useDownloadIdentifierMutation,
  usePrintAccessPageMutation,
  useCreateHealthLinkMutation,
  useGetViewerLinksQuery,
  useRevokeViewerLinkMutation,
  useSearchFacilitiesQuery,
  useShareWithFacilityMutation,
} = sharingApi;
