import {
  AUTH_API,
  REQUESTS_API,
  type Custodian,
  type FamilyMemberOption,
  type LoginAnswer,
  type LoginResponse,
  type Person,
  type RequestPatientRecordPayload,
  type SubmitPatientRequestAnswer,
  type UnlistedFacility,
  type WizardInit,
  type UploadedFileRef,
  type WizardUploadKind,
} from '@portal/contracts';
import { apiPath, postToUploadForm, type UploadForm } from '@portal/api';
import { api } from './api';

export type SubmitTarget = 'internal' | 'external' | 'provider';
const SUBMIT_PATH: Record<SubmitTarget, string> = {
  internal: REQUESTS_API.requestPatientRecord,
  external: REQUESTS_API.requestPatientRecordExternal,
  provider: REQUESTS_API.addProviderRequest,
};

const qs = (params: Record<string, string | undefined | null>) =>
  Object.entries(params)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${encodeURIComponent(v as string)}`)
    .join('&');

/** The wizard's calls: the requests context (by the contract) and the auth calls of its account step. */
export const wizardApi = api.injectEndpoints({
  endpoints: (build) => ({
    wizardInit: build.query<WizardInit, { custodianId: string; custodianAliasId?: string | null }>({
      query: ({ custodianId, custodianAliasId }) =>
        `${apiPath(REQUESTS_API.init)}?${qs({ custodianId, custodianAliasId, alias: custodianAliasId ? 'true' : undefined })}`,
    }),
    /** The patient's own entry for a facility that is not in the catalogue (issue 24). */
    addUnlistedFacility: build.mutation<Custodian, UnlistedFacility>({
      query: (body) => ({ url: apiPath(REQUESTS_API.unlistedFacility), method: 'POST', body }),
    }),
    wizardCustodians: build.query<Custodian[], string>({
      query: (filterStr) => `${apiPath(REQUESTS_API.wizardCustodians)}?${qs({ filterStr })}`,
    }),
    recentCustodians: build.query<Custodian[], void>({
      query: () => apiPath(REQUESTS_API.getRecentCustodians),
    }),
    familyMembers: build.query<FamilyMemberOption[], void>({
      query: () => apiPath(REQUESTS_API.getFamilyMembers),
    }),
    person: build.query<Person, void>({ query: () => apiPath(AUTH_API.getPerson) }),
    uploadForm: build.mutation<UploadForm, WizardUploadKind>({
      query: (kind) => ({ url: `${apiPath(REQUESTS_API.uploadForm)}?kind=${kind}`, method: 'GET' }),
    }),
    /** POSTs a file to the presigned form's action (spec §7), as every remote does (postToUploadForm). */
    postUpload: build.mutation<UploadedFileRef, { form: UploadForm; file: File; fileName: string }>({
      queryFn: async ({ form, file, fileName }, _api, _extra, baseQuery) => {
        const sent = await postToUploadForm(form, file, baseQuery, fileName);
        return 'error' in sent
          ? sent
          : { data: { s3_bucket: form.inputs.bucket ?? '', s3_path: form.key, file_name: fileName } };
      },
    }),
    submitRequest: build.mutation<
      SubmitPatientRequestAnswer,
      { target: SubmitTarget; payload: RequestPatientRecordPayload }
    >({
      query: ({ target, payload }) => ({ url: apiPath(SUBMIT_PATH[target]), method: 'POST', body: payload }),
    }),
    checkUserEmail: build.mutation<{ userExist: boolean }, string>({
      query: (email) => ({
        url: `${apiPath(AUTH_API.checkUserEmail)}/${encodeURIComponent(email)}`,
        method: 'GET',
      }),
    }),
    wizardLogin: build.mutation<LoginAnswer, { username: string; password: string }>({
      query: (body) => ({ url: apiPath(AUTH_API.login), method: 'POST', body, skipAuthRedirect: true }),
    }),
    registerAccount: build.mutation<LoginResponse, { email: string; password: string }>({
      query: (body) => ({ url: apiPath(AUTH_API.registerAccount), method: 'POST', body }),
    }),
    wizardForgotPassword: build.mutation<{ message: string }, { username: string }>({
      query: (body) => ({ url: apiPath(AUTH_API.forgotPassword), method: 'POST', body }),
    }),
  }),
});

export const {
  useWizardInitQuery,
  useWizardCustodiansQuery,
  useRecentCustodiansQuery,
  useFamilyMembersQuery,
  usePersonQuery,
  useUploadFormMutation,
  usePostUploadMutation,
  useSubmitRequestMutation,
  useCheckUserEmailMutation,
  useWizardLoginMutation,
  useRegisterAccountMutation,
  useWizardForgotPasswordMutation,
  useAddUnlistedFacilityMutation,
} = wizardApi;
