// Stripe's error answers: `{ error: { type, code, message, param?, decline_code? } }` with the HTTP status
// the SDK maps to its error classes (400 StripeInvalidRequestError, 402 StripeCardError, 404 with
// resource_missing, 400 idempotency_error StripeIdempotencyError, 503 StripeAPIError).
'use strict';

const DECLINE_MESSAGE = 'Your card was declined.';

class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} type
   * @param {string} message
   * @param {{ code?: string, param?: string, decline_code?: string, [key: string]: unknown }} [extra]
   */
  constructor(status, type, message, extra = {}) {
    super(message);
    this.status = status;
    this.type = type;
    this.extra = extra;
  }

  /** The JSON body Stripe answers with. */
  toBody() {
    return { error: { type: this.type, message: this.message, ...this.extra } };
  }
}

/**
 * A bad or missing parameter (400), named so the caller can see which.
 * @param {string} message @param {string} [param] @param {string} [code]
 */
const invalid = (message, param, code) =>
  new ApiError(400, 'invalid_request_error', message, {
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });

const missingParam = (/** @type {string} */ param) =>
  invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

/** Stripe's 404: `No such customer: 'cus_x'`. */
const notFound = (/** @type {string} */ what, /** @type {string} */ id, param = 'id') =>
  new ApiError(404, 'invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing', param });

/** A declined card (402): what the SDK raises as StripeCardError. */
const cardDeclined = (extra = {}) =>
  new ApiError(402, 'card_error', DECLINE_MESSAGE, {
    code: 'card_declined',
    decline_code: 'generic_decline',
    ...extra,
  });

module.exports = { ApiError, DECLINE_MESSAGE, cardDeclined, invalid, missingParam, notFound };
