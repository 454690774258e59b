import Stripe from 'stripe';

export { startLocalStripe, type LocalStripe } from '@portal/local-stripe';
import type { LocalStripe } from '@portal/local-stripe';

/** A call to the processor's own API or its local test helpers, as the test's side of the counter. */
export const processorCall = async (
  ls: LocalStripe,
  method: string,
  path: string,
  form?: Record<string, string>,
) => {
  const res = await fetch(`${ls.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ls.secretKey}`,
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};

/** The events the processor recorded, oldest first. */
export const processorEvents = async (ls: LocalStripe): Promise<Stripe.Event[]> => {
  const { body } = await processorCall(ls, 'GET', '/_local/events');
  return [...(body.data as Array<Stripe.Event & { local_delivery?: unknown }>)]
    .reverse()
    .map(({ local_delivery: _, ...e }) => e as Stripe.Event);
};

/** Pays on the processor's hosted page with a test card, as a browser's form post would; the answer's Location. */
export const payOnHostedPage = async (
  url: string,
  cardNumber: string,
): Promise<{ status: number; location: string | null; html: string }> => {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, expiry: '12 / 34', cvc: '123' }).toString(),
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
};

/** A webhook body and its Stripe-Signature, signed with the secret at `timestamp` (seconds). */
export const signed = (event: object, secret: string, timestamp = Math.floor(Date.now() / 1000)) => {
  const payload = JSON.stringify(event);
  return {
    payload,
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
  };
};
