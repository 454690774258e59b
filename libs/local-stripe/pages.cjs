// The hosted pages (Checkout, the billing portal's card update, an invoice) as plain HTML forms: no
// script but the "Use" buttons of the test card list, so that a browser journey and a form POST from a
// test drive them alike. Plus a small real PDF of an invoice.
'use strict';
const { money, productName } = require('./catalog.cjs');
const { TEST_CARDS } = require('./payments.cjs');

/** @typedef {import('./store.cjs').Ctx} Ctx */
/** @typedef {import('./store.cjs').StripeObject} StripeObject */

const escapeHtml = (/** @type {unknown} */ value) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
table{width:100%;border-collapse:collapse}td{padding:.25rem 0}td:last-child{text-align:right}
label{display:block;margin-top:.75rem}input{font-size:1rem;padding:.4rem;width:100%;box-sizing:border-box}
button{font-size:1rem;padding:.5rem 1rem;margin-top:1rem}.cards button{margin:0 0 0 .5rem;padding:.1rem .5rem}
[role=alert]{color:#b00020;font-weight:600}.note{color:#555;font-size:.9rem}`;

/** @param {string} title @param {string} body */
const layout = (title, body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><p class="note">Local test payment processor: no real card is charged.</p>${body}</main></body></html>`;

/** The site a return link goes back to: its host. @param {string | null} url */
const siteOf = (url) => {
  try {
    return url ? new URL(url).host : '';
  } catch {
    return url ?? '';
  }
};

/**
 * The card form both hosted pages share (same test ids: card-number, checkout-submit, checkout-error,
 * checkout-cancel).
 * @param {{ submitLabel: string, error?: string, backUrl: string | null }} options
 */
const cardForm = ({ submitLabel, error, backUrl }) => `
${error ? `<p role="alert" data-testid="checkout-error">${escapeHtml(error)}</p>` : ''}
<form method="post">
  <label for="card-number">Card number</label>
  <input id="card-number" name="cardNumber" data-testid="card-number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
  <label for="card-expiry">Expiry (any)</label>
  <input id="card-expiry" name="expiry" data-testid="card-expiry" autocomplete="cc-exp" value="12 / 34">
  <label for="card-cvc">CVC (any)</label>
  <input id="card-cvc" name="cvc" data-testid="card-cvc" autocomplete="cc-csc" value="123">
  <button type="submit" data-testid="checkout-submit">${escapeHtml(submitLabel)}</button>
</form>
<h2>Test cards</h2>
<ul class="cards">
${TEST_CARDS.map(
  (c) =>
    `  <li><code>${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> ${escapeHtml(c.description)}<button type="button" data-card="${c.number}" data-testid="use-card-${c.number}">Use</button></li>`,
).join('\n')}
</ul>
${backUrl ? `<p><a href="${escapeHtml(backUrl)}" data-testid="checkout-cancel">Back to ${escapeHtml(siteOf(backUrl))}</a></p>` : ''}
<script>
document.querySelectorAll('button[data-card]').forEach(function (button) {
  button.addEventListener('click', function () {
    var input = document.getElementById('card-number');
    input.value = button.getAttribute('data-card');
    input.focus();
  });
});
</script>`;

/** @param {string} title @param {string} text @param {{ href: string, label: string } | null} [link] */
const messagePage = (title, text, link = null) =>
  layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p data-testid="checkout-status">${escapeHtml(text)}</p>${
      link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''
    }`,
  );

/** @param {Ctx} ctx @param {StripeObject} session @param {string} [error] */
const checkoutPage = (ctx, session, error) => {
  if (session.status === 'expired')
    return messagePage(
      'Checkout expired',
      'This checkout session has expired.',
      session.cancel_url
        ? { href: session.cancel_url, label: `Back to ${siteOf(session.cancel_url)}` }
        : null,
    );
  if (session.status === 'complete')
    return messagePage('Checkout complete', 'This checkout session is complete.');
  const rows = session._line_items
    .map(
      (/** @type {StripeObject} */ li) =>
        `<tr><td>${escapeHtml(productName(ctx, li.price))}${li.quantity > 1 ? ` × ${li.quantity}` : ''}${li.price.recurring ? ' (monthly)' : ''}</td><td>${money(li.amount_total)}</td></tr>`,
    )
    .join('');
  const subscribe = session.mode === 'subscription';
  return layout(
    subscribe ? 'Subscribe' : 'Pay',
    `<h1>${subscribe ? 'Subscribe' : 'Pay'}</h1>
<table><tbody>${rows}</tbody><tfoot><tr><th scope="row">Total${subscribe ? ' due today' : ''}</th><td data-testid="checkout-total">${money(session.amount_total)}</td></tr></tfoot></table>
${cardForm({ submitLabel: subscribe ? 'Subscribe' : `Pay ${money(session.amount_total)}`, error, backUrl: session.cancel_url })}`,
  );
};

/** @param {Ctx} ctx @param {StripeObject} portal @param {string} [error] */
const portalPage = (ctx, portal, error) => {
  const customer = ctx.store.get(portal.customer, 'customer');
  const pm = ctx.store.find(customer.invoice_settings.default_payment_method, 'payment_method');
  const open = ctx.store.all('invoice').filter((i) => i.customer === customer.id && i.status === 'open');
  return layout(
    'Update your card',
    `<h1>Update your card</h1>
<p>${escapeHtml(customer.email ?? customer.name ?? customer.id)}</p>
<p data-testid="current-card">${pm ? `Current card: ${escapeHtml(pm.card.brand)} ending in ${escapeHtml(pm.card.last4)}` : 'No card on file.'}</p>
${open.length ? `<p data-testid="amount-due">Due now: ${money(open.reduce((sum, i) => sum + i.amount_remaining, 0))} (paid with the new card)</p>` : ''}
${cardForm({ submitLabel: 'Save card', error, backUrl: portal.return_url })}`,
  );
};

/** @param {Ctx} ctx @param {StripeObject} invoice */
const invoicePage = (ctx, invoice) =>
  layout(
    `Invoice ${invoice.number}`,
    `<h1>Invoice ${escapeHtml(invoice.number)}</h1>
<p data-testid="invoice-status">Status: ${escapeHtml(invoice.status)}</p>
<table><tbody>${invoice.lines.data
      .map(
        (/** @type {StripeObject} */ l) =>
          `<tr><td>${escapeHtml(l.description)}</td><td>${money(l.amount)}</td></tr>`,
      )
      .join('')}</tbody>
<tfoot><tr><th scope="row">Total</th><td>${money(invoice.total)}</td></tr><tr><th scope="row">Amount due</th><td>${money(invoice.amount_due)}</td></tr>
<tr><th scope="row">Paid</th><td>${money(invoice.amount_paid)}</td></tr></tfoot></table>
<p><a href="${escapeHtml(invoice.invoice_pdf)}">Download PDF</a></p>`,
  );

/** PDF strings are Latin-1 with `\`, `(` and `)` escaped. */
const pdfText = (/** @type {string} */ s) =>
  s
    .replace(/×/g, 'x')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A one-page PDF listing the invoice: hand-written objects and a cross-reference table whose byte
 * offsets are counted as the file is built.
 * @param {StripeObject} invoice @returns {Buffer}
 */
const invoicePdf = (invoice) => {
  const lines = [
    `Invoice ${invoice.number}`,
    `Status: ${invoice.status}`,
    `Date: ${new Date(invoice.created * 1000).toISOString().slice(0, 10)}`,
    '',
    ...invoice.lines.data.map((/** @type {StripeObject} */ l) => `${l.description}   ${money(l.amount)}`),
    '',
    `Total: ${money(invoice.total)}   Amount due: ${money(invoice.amount_due)}   Paid: ${money(invoice.amount_paid)}`,
  ];
  const text = lines.map((l, i) => `BT /F1 11 Tf 50 ${780 - i * 16} Td (${pdfText(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = Buffer.byteLength(pdf, 'latin1');
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};

module.exports = { checkoutPage, invoicePage, invoicePdf, messagePage, portalPage };
