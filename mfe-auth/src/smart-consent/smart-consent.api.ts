import {
  SMART_API,
  type SmartConsentAnswer,
  type SmartConsentDecision,
  type SmartConsentRequest,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

/** The SMART consent screen's calls (issue 29): the pending request of an app, and the patient's answer. */
export const smartConsentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConsentRequest: build.query<SmartConsentRequest, string>({
      query: (requestId) => apiPath(SMART_API.consentRequest(requestId)),
      // A request is answered once: never serve an earlier answer from the cache.
      keepUnusedDataFor: 0,
    }),
    answerConsent: build.mutation<SmartConsentAnswer, { requestId: string; decision: SmartConsentDecision }>({
      query: ({ requestId, decision }) => ({
        url: apiPath(SMART_API.consentDecision(requestId)),
        method: 'POST',
        body: decision,
      }),
      // An approval adds (or replaces) a connected app.
      invalidatesTags: ['ConnectedApps'],
    }),
  }),
});

export const { useGetConsentRequestQuery, useAnswerConsentMutation } = smartConsentApi;
