// The billing portal's "update your card" flow: the new card becomes the default of the customer and
// of their subscriptions, then every open invoice of a past_due (or incomplete) subscription is paid
// with it at once, as Stripe does when a card is fixed.
'use strict';
const { DECLINE_MESSAGE } = require('./errors.cjs');
const { obj, oneOf, onlyParams, str } = require('./form.cjs');
const {
  attemptPayment,
  changeSubscription,
  invoiceSubscription,
  paymentProcessing,
} = require('./invoices.cjs');
const { cardFor, createCardMethod } = require('./payments.cjs');
const { newId } = require('./store.cjs');

/** @typedef {import('./store.cjs').Ctx} Ctx */
/** @typedef {import('./store.cjs').StripeObject} StripeObject */

/** @param {Ctx} ctx @param {Record<string, any>} params */
const createPortalSession = (ctx, params) => {
  onlyParams(params, ['customer', 'return_url', 'flow_data', 'locale', 'configuration']);
  const customer = ctx.store.get(str(params.customer, 'customer', true), 'customer', 'customer');
  const flow = obj(params.flow_data, 'flow_data');
  onlyParams(flow, ['type', 'after_completion'], 'flow_data');
  // Only the card update is hosted here; the portal's other flows would need pages this processor lacks.
  const type = oneOf(flow.type, ['payment_method_update'], 'flow_data[type]');
  // After the flow: back to `after_completion[redirect][return_url]` when given, else to return_url.
  const after = obj(flow.after_completion, 'flow_data[after_completion]');
  onlyParams(after, ['type', 'redirect'], 'flow_data[after_completion]');
  const afterType =
    oneOf(after.type, ['portal_homepage', 'redirect'], 'flow_data[after_completion][type]') ??
    'portal_homepage';
  const redirect = obj(after.redirect, 'flow_data[after_completion][redirect]');
  onlyParams(redirect, ['return_url'], 'flow_data[after_completion][redirect]');
  const redirectUrl = str(
    redirect.return_url,
    'flow_data[after_completion][redirect][return_url]',
    afterType === 'redirect',
  );
  const id = newId('bps_');
  return ctx.store.add({
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_local',
    created: ctx.store.now(customer.id),
    customer: customer.id,
    flow: type
      ? {
          type,
          after_completion: {
            type: afterType,
            hosted_confirmation: null,
            redirect: redirectUrl ? { return_url: redirectUrl } : null,
          },
        }
      : null,
    livemode: false,
    locale: str(params.locale, 'locale') ?? null,
    on_behalf_of: null,
    return_url: str(params.return_url, 'return_url') ?? null,
    url: `${ctx.settings.publicUrl}/p/session/${id}`,
  });
};

/**
 * The payer submitted a card on the portal page.
 * @param {Ctx} ctx @param {StripeObject} portal @param {string} cardNumber
 * @returns {{ error: string } | { redirect: string | null }}
 */
const updateCard = (ctx, portal, cardNumber) => {
  const card = cardFor(cardNumber);
  if (!card) return { error: 'Your card number is incorrect.' };
  // Saving a card checks it: one that declines is refused; one that fails only its charges (…0341) is saved.
  if (card.outcome === 'declined') return { error: DECLINE_MESSAGE };
  const customer = ctx.store.get(portal.customer, 'customer');
  const pm = createCardMethod(ctx, card, ctx.store.now(customer.id));
  pm.customer = customer.id;
  customer.invoice_settings.default_payment_method = pm.id;
  const subs = ctx.store
    .all('subscription')
    .filter(
      (s) => s.customer === customer.id && s.status !== 'canceled' && s.status !== 'incomplete_expired',
    );
  for (const sub of subs)
    changeSubscription(ctx, sub, (s) => {
      s.default_payment_method = pm.id;
    });
  for (const sub of subs) {
    if (sub.status !== 'past_due' && sub.status !== 'incomplete') continue;
    const open = ctx.store
      .all('invoice')
      .filter((i) => i.status === 'open' && invoiceSubscription(i) === sub.id && !paymentProcessing(ctx, i));
    for (const invoice of open) attemptPayment(ctx, invoice, { automatic: false, pm });
  }
  return { redirect: portal.flow?.after_completion.redirect?.return_url ?? portal.return_url };
};

/** @type {import('./store.cjs').Route[]} */
const routes = [
  {
    method: 'POST',
    path: '/v1/billing_portal/sessions',
    handle: (ctx, { params }) => createPortalSession(ctx, params),
  },
];

module.exports = { routes, updateCard };
