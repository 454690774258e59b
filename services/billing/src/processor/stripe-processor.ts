import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type PortalConfig } from '@portal/server-kit';
import Stripe from 'stripe';
import { processorUnavailable, webhookRefused } from '../billing.errors';
import type {
  CheckoutRequest,
  CheckoutState,
  CustomerAttempt,
  Owner,
  PaymentProcessor,
  PlanChangePreview,
  ProcessorEvent,
  ProcessorInvoice,
  ProcessorSubscription,
  SubscriptionChange,
} from './payment-processor';
import { toInvoice, toSubscription } from './stripe-mapping';

/** Seconds a webhook may be old (Stripe's own default tolerance): a replayed capture is refused. */
const WEBHOOK_TOLERANCE_S = 300;

/** Errors that mean "the processor is not answering", not "the request was wrong". */
const UNAVAILABLE = [
  Stripe.errors.StripeConnectionError,
  Stripe.errors.StripeAPIError,
  Stripe.errors.StripeRateLimitError,
  Stripe.errors.StripeAuthenticationError,
];

/** The official client, pointed at STRIPE_API_URL when set (the local processor); api.stripe.com otherwise. */
export const stripeClient = (secretKey: string, apiUrl: string | undefined): Stripe => {
  const url = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || undefined,
          protocol: url.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
};

/**
 * Stripe through its official SDK: Checkout for every payment the patient makes (a storage plan, a
 * request fee, a group's seats), Billing subscriptions, invoices, the billing portal for the card,
 * and the SDK's webhook signature check. Every call that changes something carries an idempotency key
 * made from our own id, so a retry (ours, or the SDK's own network retry) changes nothing twice.
 * STRIPE_API_URL points the same code at the local processor of the demo and the tests.
 */
@Injectable()
export class StripeProcessor implements PaymentProcessor {
  private readonly stripe: Stripe | null;
  private readonly prices = new Map<string, Stripe.Price>();

  constructor(
    @Inject(CONFIG)
    private readonly config: Pick<
      PortalConfig,
      'stripeSecretKey' | 'stripeWebhookSecret' | 'stripeApiUrl' | 'billingTestClocks'
    >,
  ) {
    this.stripe = config.stripeSecretKey ? stripeClient(config.stripeSecretKey, config.stripeApiUrl) : null;
  }

  get configured(): boolean {
    return this.stripe !== null;
  }

  /** Runs one SDK call; a processor that is down or unconfigured is a 503 in our vocabulary. */
  private async call<T>(work: (stripe: Stripe) => Promise<T>): Promise<T> {
    if (!this.stripe) throw processorUnavailable();
    try {
      return await work(this.stripe);
    } catch (err) {
      if (UNAVAILABLE.some((type) => err instanceof type)) throw processorUnavailable();
      // Anything else the processor refuses is our own mistake, not the caller's: a 500, logged with its reason.
      if (err instanceof Stripe.errors.StripeError)
        throw new Error(`The payment processor refused a call: ${err.type} ${err.code ?? ''} ${err.message}`);
      throw err;
    }
  }

  async createCustomer(owner: Owner, email: string, name: string, attempt: CustomerAttempt): Promise<string> {
    return this.call(async (stripe) => {
      // Test mode: a clock of its own, so the demo and the journeys can move this customer's time.
      // It starts when the attempt was first made, so a retry sends the same parameters as the first.
      const clock = this.config.billingTestClocks
        ? await stripe.testHelpers.testClocks.create(
            { frozen_time: Math.floor(attempt.at.getTime() / 1000), name: `${owner.type}:${owner.id}` },
            { idempotencyKey: `clock:${attempt.key}` },
          )
        : null;
      const customer = await stripe.customers.create(
        {
          email,
          name,
          metadata: { ownerType: owner.type, ownerId: owner.id },
          ...(clock ? { test_clock: clock.id } : {}),
        },
        { idempotencyKey: `customer:${attempt.key}` },
      );
      return customer.id;
    });
  }

  private async price(lookupKey: string): Promise<Stripe.Price> {
    const known = this.prices.get(lookupKey);
    if (known) return known;
    const { data } = await this.call((stripe) =>
      stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }),
    );
    if (!data[0]) throw new Error(`The processor has no active price with lookup key ${lookupKey}`);
    this.prices.set(lookupKey, data[0]);
    return data[0];
  }

  async priceOf(lookupKey: string): Promise<{ amountCents: number; currency: string }> {
    const price = await this.price(lookupKey);
    return { amountCents: price.unit_amount ?? 0, currency: price.currency };
  }

  async startCheckout(r: CheckoutRequest): Promise<{ sessionId: string; url: string }> {
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [];
    for (const line of r.lines)
      lineItems.push(
        line.priceLookupKey
          ? { price: (await this.price(line.priceLookupKey)).id, quantity: line.quantity }
          : {
              price_data: {
                currency: line.amount!.currency,
                unit_amount: line.amount!.cents,
                product_data: { name: line.amount!.name },
              },
              quantity: line.quantity,
            },
      );
    const session = await this.call((stripe) =>
      stripe.checkout.sessions.create(
        {
          mode: r.mode,
          customer: r.customerId,
          client_reference_id: r.transactionId,
          line_items: lineItems,
          metadata: r.metadata,
          success_url: r.returnUrl,
          cancel_url: r.returnUrl,
          ...(r.mode === 'subscription'
            ? { subscription_data: { metadata: r.metadata } }
            : { payment_intent_data: { metadata: r.metadata } }),
        },
        { idempotencyKey: `checkout:${r.transactionId}` },
      ),
    );
    return { sessionId: session.id, url: session.url! };
  }

  async checkout(sessionId: string): Promise<CheckoutState> {
    const s = await this.call((stripe) =>
      stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent', 'subscription'] }),
    );
    const intent = typeof s.payment_intent === 'object' ? s.payment_intent : null;
    const subscription = typeof s.subscription === 'object' ? s.subscription : null;
    const failedIntent = intent?.status === 'requires_payment_method' && !!intent.last_payment_error;
    // A complete session still unpaid is a payment settling (a bank debit); how it ends comes with the
    // checkout.session.async_payment_* events (a subscription's first invoice has no intent here).
    const state: CheckoutState['state'] =
      s.status === 'expired'
        ? 'expired'
        : s.status === 'open'
          ? 'open'
          : s.payment_status !== 'unpaid'
            ? 'paid'
            : failedIntent || subscription?.status === 'incomplete_expired'
              ? 'failed'
              : 'processing';
    return {
      sessionId: s.id,
      state,
      subscriptionId: subscription?.id ?? (typeof s.subscription === 'string' ? s.subscription : null),
      paymentIntentId: intent?.id ?? (typeof s.payment_intent === 'string' ? s.payment_intent : null),
      declined: failedIntent,
    };
  }

  paymentMethodPage(customerId: string, returnUrl: string, key: string): Promise<string> {
    return this.call(async (stripe) => {
      const session = await stripe.billingPortal.sessions.create(
        { customer: customerId, return_url: returnUrl, flow_data: { type: 'payment_method_update' } },
        { idempotencyKey: key },
      );
      return session.url;
    });
  }

  async subscription(id: string): Promise<ProcessorSubscription> {
    const sub = await this.call((stripe) =>
      stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] }),
    );
    return toSubscription(sub);
  }

  async subscriptionsOf(customerId: string): Promise<ProcessorSubscription[]> {
    const { data } = await this.call((stripe) =>
      stripe.subscriptions.list({
        customer: customerId,
        status: 'all',
        limit: 20,
        expand: ['data.default_payment_method'],
      }),
    );
    return data.map(toSubscription);
  }

  private async itemsOf(sub: ProcessorSubscription, change: SubscriptionChange) {
    return [
      {
        id: sub.itemId ?? undefined,
        ...(change.priceLookupKey ? { price: (await this.price(change.priceLookupKey)).id } : {}),
        ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
      },
    ];
  }

  async previewChange(sub: ProcessorSubscription, change: SubscriptionChange): Promise<PlanChangePreview> {
    const items = await this.itemsOf(sub, change);
    const invoice = await this.call((stripe) =>
      stripe.invoices.createPreview({
        customer: sub.customerId,
        subscription: sub.id,
        subscription_details: { items, proration_behavior: change.proration ?? 'always_invoice' },
      }),
    );
    const lines = invoice.lines.data.map((l) => ({
      description: l.description ?? '',
      amountCents: l.amount,
    }));
    const total = lines.reduce((sum, l) => sum + l.amountCents, 0);
    return {
      amountDue: Math.max(0, total),
      credit: Math.max(0, -total),
      currency: invoice.currency,
      lines,
    };
  }

  async changeSubscription(
    id: string,
    change: SubscriptionChange,
    key: string,
  ): Promise<ProcessorSubscription> {
    const current =
      change.priceLookupKey || change.quantity !== undefined ? await this.subscription(id) : null;
    const items = current ? await this.itemsOf(current, change) : undefined;
    const sub = await this.call((stripe) =>
      stripe.subscriptions.update(
        id,
        {
          ...(items ? { items, proration_behavior: change.proration ?? 'create_prorations' } : {}),
          ...(change.cancelAtPeriodEnd !== undefined
            ? { cancel_at_period_end: change.cancelAtPeriodEnd }
            : {}),
          expand: ['default_payment_method'],
        },
        { idempotencyKey: key },
      ),
    );
    return toSubscription(sub);
  }

  async invoice(id: string): Promise<ProcessorInvoice> {
    return toInvoice(await this.call((stripe) => stripe.invoices.retrieve(id)));
  }

  async invoicesOf(subscriptionId: string): Promise<ProcessorInvoice[]> {
    const { data } = await this.call((stripe) =>
      stripe.invoices.list({ subscription: subscriptionId, limit: 100 }),
    );
    return data.map(toInvoice);
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): ProcessorEvent {
    if (!this.stripe || !this.config.stripeWebhookSecret) throw processorUnavailable();
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.config.stripeWebhookSecret,
        WEBHOOK_TOLERANCE_S,
      );
    } catch {
      throw webhookRefused();
    }
    const object = event.data.object as unknown as Record<string, unknown>;
    const idOf = (value: unknown): string | null =>
      typeof value === 'string'
        ? value
        : value && typeof value === 'object' && 'id' in value
          ? String(value.id)
          : null;
    const objectType = String(object.object ?? '');
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | undefined;
    return {
      id: event.id,
      type: event.type,
      created: new Date(event.created * 1000),
      objectType,
      objectId: String(object.id ?? ''),
      subscriptionId:
        objectType === 'subscription'
          ? String(object.id)
          : (idOf(object.subscription) ?? idOf(parent?.subscription_details?.subscription)),
      customerId: idOf(object.customer),
      paymentIntentId: objectType === 'payment_intent' ? String(object.id) : idOf(object.payment_intent),
    };
  }
}
