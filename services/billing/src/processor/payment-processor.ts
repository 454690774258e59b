import type { PaymentMethodSummary } from '@portal/contracts';

/**
 * The one port of the billing context to a payment processor, in our words (decision 0031). Stripe
 * is the adapter (stripe-processor.ts, through the official SDK); the tests and the demo point that
 * same adapter at a local processor speaking Stripe's HTTP API, so no other implementation exists.
 */
export const PAYMENT_PROCESSOR = Symbol('PaymentProcessor');

export type OwnerType = 'user' | 'group';
export interface Owner {
  type: OwnerType;
  id: string;
}

/** One try at making an owner's customer, kept before the call so that every retry of it is the same call. */
export interface CustomerAttempt {
  key: string;
  /** When the try was first made: the start of the customer's test clock. */
  at: Date;
}

/** A subscription as the processor has it now. */
export interface ProcessorSubscription {
  id: string;
  customerId: string;
  /** The processor's status: incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid. */
  status: string;
  priceLookupKey: string | null;
  itemId: string | null;
  quantity: number;
  /** The price of one unit (a plan, a seat) in cents of currency. */
  unitAmount: number;
  currency: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  createdAt: Date;
  paymentMethod: PaymentMethodSummary | null;
  metadata: Record<string, string>;
}

export interface ProcessorInvoice {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  number: string;
  /** draft, open, paid, void, uncollectible. */
  status: string;
  amountDue: number;
  amountPaid: number;
  currency: string;
  description: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  paidAt: Date | null;
  attemptCount: number;
  nextPaymentAttempt: Date | null;
  createdAt: Date;
}

export interface CheckoutLine {
  /** A recurring price by its lookup key, or a one-time amount with a name. */
  priceLookupKey?: string;
  amount?: { cents: number; currency: string; name: string };
  quantity: number;
}

export interface CheckoutRequest {
  customerId: string;
  mode: 'subscription' | 'payment';
  lines: CheckoutLine[];
  /** Our transaction id: the processor's client reference, and the key that makes a retry idempotent. */
  transactionId: string;
  metadata: Record<string, string>;
  returnUrl: string;
}

/** What a checkout came to: open (not paid, maybe declined), processing, paid, or failed after processing. */
export interface CheckoutState {
  sessionId: string;
  state: 'open' | 'processing' | 'paid' | 'failed' | 'expired';
  subscriptionId: string | null;
  paymentIntentId: string | null;
  /** A decline on the processor's page (the session stays open). */
  declined: boolean;
}

export interface PlanChangePreview {
  amountDue: number;
  credit: number;
  currency: string;
  lines: { description: string; amountCents: number }[];
}

export interface SubscriptionChange {
  priceLookupKey?: string;
  quantity?: number;
  cancelAtPeriodEnd?: boolean;
  /** always_invoice: charge the proration now (a plan change); create_prorations: on the next invoice (seats). */
  proration?: 'always_invoice' | 'create_prorations' | 'none';
}

/** A verified webhook event: what it is about; the object is re-read from the processor before use. */
export interface ProcessorEvent {
  id: string;
  type: string;
  created: Date;
  objectType: string;
  objectId: string;
  /** The subscription the object belongs to, when it names one. */
  subscriptionId: string | null;
  customerId: string | null;
  paymentIntentId: string | null;
}

export interface PaymentProcessor {
  /** Whether a processor is configured at all (without a key every call is a 503). */
  readonly configured: boolean;
  createCustomer(owner: Owner, email: string, name: string, attempt: CustomerAttempt): Promise<string>;
  priceOf(lookupKey: string): Promise<{ amountCents: number; currency: string }>;
  startCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  checkout(sessionId: string): Promise<CheckoutState>;
  /** The processor's page to change the card (and pay what is owed with it). */
  paymentMethodPage(customerId: string, returnUrl: string, key: string): Promise<string>;
  subscription(id: string): Promise<ProcessorSubscription>;
  subscriptionsOf(customerId: string): Promise<ProcessorSubscription[]>;
  previewChange(subscription: ProcessorSubscription, change: SubscriptionChange): Promise<PlanChangePreview>;
  changeSubscription(id: string, change: SubscriptionChange, key: string): Promise<ProcessorSubscription>;
  invoice(id: string): Promise<ProcessorInvoice>;
  invoicesOf(subscriptionId: string): Promise<ProcessorInvoice[]>;
  /** Verifies the signature and age of a webhook body (throws webhookRefused). */
  verifyEvent(rawBody: Buffer, signature: string | undefined): ProcessorEvent;
}
