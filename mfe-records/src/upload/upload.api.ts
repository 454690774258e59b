import {
  RECORDS_API,
  REQUESTS_API,
  type FamilyMemberOption,
  type ManualUploadAnswer,
  type ManualUploadPayload,
  type RecordType,
  type RecordsInit,
} from '@portal/contracts';
import { apiPath, postToUploadForm, type UploadForm } from '@portal/api';
import { api } from '../api';

/** The upload dialog's calls (records spec §2.6, §7): family members, init, the presigned flow, manuallyUploadImages. */
export const uploadApi = api.injectEndpoints({
  endpoints: (build) => ({
    familyMembers: build.query<FamilyMemberOption[], void>({
      query: () => ({ url: apiPath(REQUESTS_API.getFamilyMembers), retry: 2 }),
    }),
    recordsInit: build.query<RecordsInit, void>({
      query: () => ({ url: apiPath(RECORDS_API.init), retry: 2 }),
    }),
    selfUploadForm: build.mutation<UploadForm, { fileName: string; size: number; recordType: RecordType }>({
      query: ({ fileName, size, recordType }) => ({
        url: `${apiPath(RECORDS_API.uploadForm)}?${new URLSearchParams({ fileName, size: String(size), recordType }).toString()}`,
        method: 'GET',
      }),
    }),
    postSelfUpload: build.mutation<null, { form: UploadForm; file: File }>({
      queryFn: ({ form, file }, _api, _extra, baseQuery) => postToUploadForm(form, file, baseQuery),
    }),
    manuallyUploadImages: build.mutation<ManualUploadAnswer, ManualUploadPayload>({
      query: (body) => ({ url: apiPath(RECORDS_API.manuallyUploadImages), method: 'POST', body }),
    }),
  }),
});

export const {
  useFamilyMembersQuery,
  useRecordsInitQuery,
  useSelfUploadFormMutation,
  usePostSelfUploadMutation,
  useManuallyUploadImagesMutation,
} = uploadApi;
