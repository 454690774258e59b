/** The billing texts the page and the service share (records spec §4 outcomes, §8 messages). */
export const BILLING_MESSAGES = {
  /** §4 success: "may take time to reflect". */
  paymentSucceeded: 'Your payment was successful. It may take time to reflect.',
  /** §4 under processing. */
  paymentProcessing: 'Your payment is under processing. We will let you know when it clears.',
  /** §8, word for word. */
  paymentFailed: 'Your payment was not successful, please try again',
  storagePaused:
    'Your storage plan is not active, so new uploads are paused. Everything you have stored stays yours to view, download, share and export. Renew your plan on the Subscription page.',
  pastDue: 'We could not take the payment for your storage plan. Update your card so your plan stays active.',
  processorDown: 'Payments are unavailable at the moment, please try again shortly',
  alreadySubscribed: 'You already have a storage plan; change it instead',
  noPlan: 'You have no storage plan',
  feeNotDue: 'This request has no fee waiting to be paid',
} as const;

/** An amount of integer cents as people read it ('$15.00'), the same on the page, in mails and on receipts. */
export const formatMoney = (cents: number, currency: string): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
