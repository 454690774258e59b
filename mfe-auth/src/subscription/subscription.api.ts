import {
  BILLING_API,
  type CheckoutStart,
  type GroupSeats,
  type ProrationPreview,
  type Receipt,
  type RequestFee,
  type StoragePlan,
  type StoragePlanId,
  type SubscriptionOverview,
  type TransactionResult,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';
import { saveBlob } from '../backup/save-blob';

const PLAN_TAGS = ['Subscription', 'Receipts'] as const;

/** Subscription and payments (issue 30): the billing context's calls; every page that pays goes to the processor's own page. */
export const subscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSubscription: build.query<SubscriptionOverview, void>({
      query: () => apiPath(BILLING_API.subscription),
      providesTags: ['Subscription'],
    }),
    getPlans: build.query<StoragePlan[], void>({ query: () => apiPath(BILLING_API.plans) }),
    getReceipts: build.query<Receipt[], void>({
      query: () => apiPath(BILLING_API.receipts),
      providesTags: ['Receipts'],
    }),
    subscribe: build.mutation<CheckoutStart, { planId: StoragePlanId }>({
      query: (body) => ({ url: apiPath(BILLING_API.subscribe), method: 'POST', body }),
    }),
    previewPlanChange: build.mutation<ProrationPreview, { planId: StoragePlanId }>({
      query: (body) => ({ url: apiPath(BILLING_API.previewPlanChange), method: 'POST', body }),
    }),
    changePlan: build.mutation<SubscriptionOverview, { planId: StoragePlanId }>({
      query: (body) => ({ url: apiPath(BILLING_API.changePlan), method: 'POST', body }),
      invalidatesTags: [...PLAN_TAGS],
    }),
    /** cancel: the plan ends at the period's end; resume: it keeps renewing. */
    setPlanEnding: build.mutation<SubscriptionOverview, 'cancel' | 'resume'>({
      query: (which) => ({ url: apiPath(BILLING_API[which]), method: 'POST' }),
      invalidatesTags: [...PLAN_TAGS],
    }),
    updatePaymentMethod: build.mutation<CheckoutStart, void>({
      query: () => ({ url: apiPath(BILLING_API.updatePaymentMethod), method: 'POST' }),
    }),
    /** A receipt's PDF, fetched with the patient's token (a bare link would send none) and saved. */
    downloadReceipt: build.mutation<null, Receipt>({
      async queryFn(receipt, _api, _extra, baseQuery) {
        const answer = await baseQuery({
          url: apiPath(BILLING_API.receiptPdf(receipt.id)),
          responseType: 'blob',
        });
        if (answer.error) return { error: answer.error };
        saveBlob(answer.data as Blob, `receipt-${receipt.number || receipt.id}.pdf`);
        return { data: null };
      },
    }),
    finishTransaction: build.mutation<TransactionResult, { transactionId: string }>({
      query: (body) => ({ url: apiPath(BILLING_API.finishTransaction), method: 'POST', body }),
      invalidatesTags: [...PLAN_TAGS, 'RequestFee', 'GroupSeats'],
    }),
    getRequestFee: build.query<RequestFee, string>({
      query: (patientRequestId) =>
        apiPath(`${BILLING_API.requestFee}?patientRequestId=${encodeURIComponent(patientRequestId)}`),
      providesTags: ['RequestFee'],
    }),
    payRequestFee: build.mutation<CheckoutStart, { patientRequestId: string }>({
      query: ({ patientRequestId }) => ({
        url: apiPath(BILLING_API.initializeOneTimeCharge),
        method: 'POST',
        body: { purpose: 'request-fee', patientRequestId },
      }),
    }),
    getGroupSeats: build.query<GroupSeats, string>({
      query: (groupId) => apiPath(`${BILLING_API.groupSeats}?groupId=${encodeURIComponent(groupId)}`),
      providesTags: ['GroupSeats'],
    }),
    sponsorGroup: build.mutation<CheckoutStart, { groupId: string }>({
      query: (body) => ({ url: apiPath(BILLING_API.sponsorGroup), method: 'POST', body }),
    }),
    endGroupSponsorship: build.mutation<GroupSeats, { groupId: string }>({
      query: (body) => ({ url: apiPath(BILLING_API.endGroupSponsorship), method: 'POST', body }),
      invalidatesTags: ['GroupSeats'],
    }),
  }),
});

export const {
  useGetSubscriptionQuery,
  useGetPlansQuery,
  useGetReceiptsQuery,
  useSubscribeMutation,
  usePreviewPlanChangeMutation,
  useChangePlanMutation,
  useSetPlanEndingMutation,
  useUpdatePaymentMethodMutation,
  useDownloadReceiptMutation,
  useFinishTransactionMutation,
  useGetRequestFeeQuery,
  usePayRequestFeeMutation,
  useGetGroupSeatsQuery,
  useSponsorGroupMutation,
  useEndGroupSponsorshipMutation,
} = subscriptionApi;
