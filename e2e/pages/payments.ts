import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect, type Page } from '@playwright/test';

const servers = require('../servers.cjs') as Record<string, { paymentsPort: number }>;

/** Test cards of the local processor's checkout page (libs/local-stripe TEST_CARDS). */
export const CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  processing: '4000000000001000',
  /** Saved fine; every charge on it later fails (a renewal, a retry). */
  failsLater: '4000000000000341',
} as const;

const DAY_S = 86_400;

/**
 * The test side of the main portal's local payment processor (e2e/serve.cjs starts it on the portal's
 * paymentsPort with the keys it keeps in the portal's data folder): what a tester does in Stripe's
 * dashboard, here through its API (settle a bank debit, move a customer's test clock).
 */
export class PaymentProcessor {
  private readonly baseUrl = `http://127.0.0.1:${servers.main!.paymentsPort}`;
  private readonly secretKey: string = JSON.parse(
    fs.readFileSync(
      path.resolve(__dirname, '..', '..', '.data', 'e2e-main', 'local-stripe', 'keys.json'),
      'utf8',
    ),
  ).secretKey;

  private async call(method: string, url: string, form?: Record<string, string>) {
    const res = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${this.secretKey}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    expect(res.status, `${method} ${url}`).toBeLessThan(300);
    return res.json();
  }

  private async events(type: string): Promise<Array<{ data: { object: Record<string, any> } }>> {
    const { data } = await this.call('GET', '/_local/events');
    return data.filter((e: { type: string }) => e.type === type);
  }

  /** Settles the newest payment that is still processing. */
  async settleLatest(outcome: 'succeeded' | 'failed' = 'succeeded') {
    const [latest] = await this.events('payment_intent.processing');
    await this.call('POST', `/_local/payment_intents/${latest!.data.object.id}/settle`, { outcome });
  }

  /** Moves the test clock of the customer with this address forward by `days`. */
  async advanceClock(email: string, days: number) {
    const created = (await this.events('customer.created')).find((e) => e.data.object.email === email);
    const clockId = created!.data.object.test_clock as string;
    const clock = await this.call('GET', `/v1/test_helpers/test_clocks/${clockId}`);
    await this.call('POST', `/v1/test_helpers/test_clocks/${clockId}/advance`, {
      frozen_time: String(clock.frozen_time + days * DAY_S),
    });
  }
}

/** The processor's hosted checkout or card page: pay with a test card. */
export const payWithCard = async (page: Page, card: string) => {
  await expect(page.getByTestId('card-number')).toBeVisible();
  await page.getByTestId('card-number').fill(card);
  await page.getByTestId('checkout-submit').click();
};
