/**
 * Paths of the billing context (records spec §7 Subscription: `/api/subscription/*`,
 * `initializeOneTimeCharge`, `finishTransaction`; the shapes are designed here, decision 0031).
 * Not to be confused with `POST /api/subscriptions`, the e-mail unsubscribe call of the auth context.
 */
export const BILLING_API = {
  /** GET: the caller's storage subscription (SubscriptionOverview). */
  subscription: '/api/subscription',
  /** GET: the storage plans one can choose (StoragePlan[]). */
  plans: '/api/subscription/plans',
  /** POST SubscribeInput: starts the processor's checkout for a plan; answers CheckoutStart. */
  subscribe: '/api/subscription/subscribe',
  /** POST ChangePlanInput: what changing to the plan costs now, nothing changed (ProrationPreview). */
  previewPlanChange: '/api/subscription/previewPlanChange',
  /** POST ChangePlanInput: changes the plan, the proration charged at once; answers SubscriptionOverview. */
  changePlan: '/api/subscription/changePlan',
  /** POST: the plan ends at the end of the period already paid; answers SubscriptionOverview. */
  cancel: '/api/subscription/cancel',
  /** POST: a plan set to end keeps renewing; answers SubscriptionOverview. */
  resume: '/api/subscription/resume',
  /** POST: the processor's page to change or fix the card; answers CheckoutStart. */
  updatePaymentMethod: '/api/subscription/updatePaymentMethod',
  /** GET: the caller's paid receipts, newest first (Receipt[]). */
  receipts: '/api/subscription/receipts',
  /** GET: one receipt as a PDF (the caller's own only). */
  receiptPdf: (receiptId: string) => `/api/subscription/receipts/${receiptId}/pdf`,
  /** POST OneTimeChargeInput: starts the processor's checkout for a one-time charge (a request fee); CheckoutStart. */
  initializeOneTimeCharge: '/api/subscription/initializeOneTimeCharge',
  /** POST FinishTransactionInput: back from the processor's page, the outcome of that payment (TransactionResult). */
  finishTransaction: '/api/subscription/finishTransaction',
  /** GET ?patientRequestId=: the fee of one of the caller's requests (RequestFee). */
  requestFee: '/api/subscription/requestFee',
  /** GET ?groupId= (staff of the group): the group's seat plan and who it covers (GroupSeats). */
  groupSeats: '/api/subscription/groupSeats',
  /** POST GroupSeatsInput (group admin): starts the checkout of a seat plan for the group's patients; CheckoutStart. */
  sponsorGroup: '/api/subscription/sponsorGroup',
  /** POST GroupSeatsInput (group admin): the group's seat plan ends at the end of its period; GroupSeats. */
  endGroupSponsorship: '/api/subscription/endGroupSponsorship',
  /** POST: the processor's signed events (Stripe webhooks); no session, verified by signature. */
  processorWebhook: '/api/subscription/processorWebhook',
} as const;

/** The portal page the processor sends the payer back to; `transaction` is our id of the payment. */
export const PAYMENT_RESULT_PAGE = '/subscription/payment-result';
/** A group's storage seats (the subscription remote's page; the groups remote links to it). */
export const GROUP_SEATS_PAGE = '/subscription/group';
export const groupSeatsPage = (groupId: string): string =>
  `${GROUP_SEATS_PAGE}/${encodeURIComponent(groupId)}`;
