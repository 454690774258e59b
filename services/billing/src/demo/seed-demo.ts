import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  CONFIG,
  DEMO_USERS,
  demoUserId,
  InjectContext,
  logger,
  type PortalConfig,
  type UseCaseKit,
} from '@portal/server-kit';
import type Stripe from 'stripe';
import { AccountRepository } from '../accounts/account.repository';
import { CustomerRepository } from '../accounts/customer.repository';
import { PLAN_CATALOGUE } from '../plans/storage-plans';
import { stripeClient } from '../processor/stripe-processor';
import { SyncSubscription } from '../subscriptions/sync-subscription/sync-subscription';

const DAY_S = 86_400;

/** The demo's plans: who, how long ago it started, and whether the card fails from the first renewal on. */
export const DEMO_PLANS = [
  // Active, one past receipt, renewing in ten days.
  { email: 'patient@example.com', startedDaysAgo: 20, failsFromRenewal: false },
  // Lapsed: the renewal a month ago failed and every retry after it, so the plan ended.
  { email: 'patient2@example.com', startedDaysAgo: 60, failsFromRenewal: true },
] as const;

/**
 * The demo's plans, made the way Stripe's test mode makes them (a test clock per customer, Stripe's
 * magic test cards, time moved forward), then synced like any webhook would; skipped unless the
 * processor is a test one with test clocks, and for a demo user who has a customer already.
 */
@Injectable()
export class BillingDemoSeed implements OnApplicationBootstrap {
  constructor(
    @Inject(CONFIG)
    private readonly config: Pick<
      PortalConfig,
      'seedDemo' | 'billingTestClocks' | 'stripeSecretKey' | 'stripeApiUrl'
    >,
    @InjectContext('billing') private readonly kit: UseCaseKit,
    private readonly accounts: AccountRepository,
    private readonly customers: CustomerRepository,
    private readonly sync: SyncSubscription,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    await this.kit.transaction(async (tx) => {
      for (const u of DEMO_USERS)
        await this.accounts.keep(
          tx,
          { user_id: demoUserId(u.email), email: u.email, first_name: u.firstName, last_name: u.lastName },
          0,
        );
    });
    const key = this.config.stripeSecretKey;
    if (!key?.startsWith('sk_test_') || !this.config.billingTestClocks) return;
    const stripe = stripeClient(key, this.config.stripeApiUrl);
    for (const plan of DEMO_PLANS)
      await this.seedPlan(stripe, plan).catch((err: unknown) =>
        logger.warn({ err, email: plan.email }, 'demo storage plan not made'),
      );
  }

  private async seedPlan(stripe: Stripe, plan: (typeof DEMO_PLANS)[number]): Promise<void> {
    const owner = { type: 'user' as const, id: demoUserId(plan.email) };
    if (await this.customers.find(this.kit.db, owner)) return;
    const user = DEMO_USERS.find((u) => u.email === plan.email)!;
    // A clock only moves forward: it starts when the plan did, and is moved to now once it is made.
    const started = Math.floor(Date.now() / 1000) - plan.startedDaysAgo * DAY_S;
    const clock = await stripe.testHelpers.testClocks.create({
      frozen_time: started,
      name: `demo:${plan.email}`,
    });
    const customer = await stripe.customers.create({
      email: plan.email,
      name: `${user.firstName} ${user.lastName}`,
      metadata: { ownerType: owner.type, ownerId: owner.id },
      test_clock: clock.id,
    });
    await this.customers.keep(this.kit.db, owner, customer.id);
    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const [price] = (await stripe.prices.list({ lookup_keys: [PLAN_CATALOGUE.basic.lookupKey], limit: 1 }))
      .data;
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price!.id, quantity: 1 }],
      default_payment_method: card.id,
      metadata: { ownerType: owner.type, ownerId: owner.id, purpose: 'storage-plan' },
    });
    if (plan.failsFromRenewal) {
      const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
        customer: customer.id,
      });
      await stripe.subscriptions.update(sub.id, { default_payment_method: failing.id });
    }
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: Math.floor(Date.now() / 1000) });
    await this.sync.execute(sub.id);
  }
}
