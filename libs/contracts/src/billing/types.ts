/** Shapes of the billing context (decision 0031). Amounts are integer cents of `currency`. */

/** The storage plans a patient can choose; the processor's price of each is found by its lookup key. */
export const STORAGE_PLAN_IDS = ['basic', 'plus'] as const;
export type StoragePlanId = (typeof STORAGE_PLAN_IDS)[number];

export interface StoragePlan {
  id: StoragePlanId;
  name: string;
  /** What it stores, in words ("50 GB"). */
  storage: string;
  amountCents: number;
  currency: string;
  interval: 'month';
}

/**
 * Where a storage plan stands, from the processor's subscription status:
 * - none: never subscribed (storage open: the free start, decision 0031);
 * - processing: the first payment is settling;
 * - active: paid (also while set to end at the period's end);
 * - past_due: a renewal failed; retries and reminder mails run, storage still open;
 * - lapsed: ended (cancelled, or every retry failed): new uploads pause, nothing stored is touched.
 */
export type PlanState = 'none' | 'processing' | 'active' | 'past_due' | 'lapsed';

export interface PaymentMethodSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface SubscriptionOverview {
  /** The spec's 'Active' or 'Not active': active or past due (still in its retries) count as Active. */
  active: boolean;
  state: PlanState;
  plan: StoragePlan | null;
  /** When the plan was last paid for (ISO), null before the first payment. */
  lastBillingDate: string | null;
  /** When it renews next (ISO); null when it ends or ended. */
  nextBillingDate: string | null;
  /** Set to end at the period's end: it stays active until `endsAt`. */
  cancelAtPeriodEnd: boolean;
  endsAt: string | null;
  paymentMethod: PaymentMethodSummary | null;
  /** A failed renewal: what is owed and when the card is tried again (null after the last retry). */
  pastDue: { amountDueCents: number; currency: string; nextAttemptAt: string | null } | null;
  /** The patient's storage is paid by a group's seat plan. */
  coveredByGroup: { groupId: string; groupName: string } | null;
  /** Whether new uploads are taken: false only when lapsed and not covered by a group. */
  storageOpen: boolean;
}

export interface Receipt {
  id: string;
  number: string;
  /** ISO date-time the payment cleared. */
  paidAt: string;
  amountCents: number;
  currency: string;
  description: string;
  periodStart: string | null;
  periodEnd: string | null;
}

export interface ProrationPreview {
  planId: StoragePlanId;
  /** Charged now (0 when the change leaves a credit). */
  amountDueNowCents: number;
  /** A credit kept for the next renewals (a move to a cheaper plan). */
  creditCents: number;
  currency: string;
  lines: { description: string; amountCents: number }[];
  nextBillingDate: string | null;
}

export interface CheckoutStart {
  /** Our id of the payment, carried back on PAYMENT_RESULT_PAGE. */
  transactionId: string;
  /** The processor's hosted page to go to. */
  url: string;
}

/** The spec's three outcomes: success (may take time to reflect), under processing, not successful. */
export type PaymentOutcome = 'succeeded' | 'processing' | 'failed';
export type PaymentPurpose = 'storage-plan' | 'request-fee' | 'group-seats';

export interface TransactionResult {
  transactionId: string;
  purpose: PaymentPurpose;
  outcome: PaymentOutcome;
  /** The message for the outcome, from the catalogue. */
  message: string;
  patientRequestId: string | null;
  groupId: string | null;
}

/** A request fee: PENDING until paid, CLEARING while the payment settles, PAID; FAILED goes back to waiting. */
export type RequestFeeStatus = 'PENDING' | 'CLEARING' | 'PAID' | 'FAILED';

export interface RequestFee {
  patientRequestId: string;
  custodianName: string;
  amountCents: number;
  currency: string;
  status: RequestFeeStatus;
  /** The last attempt's message ('Your payment was not successful, please try again' after a failure). */
  message: string | null;
}

export interface GroupSeatMember {
  userId: string;
  email: string;
  covered: boolean;
}

export interface GroupSeats {
  groupId: string;
  groupName: string;
  /** The seat plan: none, or its state as a patient's plan is told. */
  state: PlanState;
  seats: number;
  amountPerSeatCents: number;
  currency: string;
  nextBillingDate: string | null;
  cancelAtPeriodEnd: boolean;
  /** Whether the caller may change it (the group's admin). */
  canManage: boolean;
  members: GroupSeatMember[];
}
