import * as yup from 'yup';

/**
 * The one email rule of the portal (spec: "a standard address check"). yup's own `.email()` follows
 * the HTML input, which takes a single-label domain (`bad@x`): no mail reaches such an address from
 * the internet, so the domain must also have a dot with something on either side.
 */
export const EMAIL_DOMAIN_WITH_DOT = /@[^@\s.]+(\.[^@\s.]+)+$/;

const yupEmail = yup.string().email();

export const isEmailAddress = (value: string): boolean =>
  yupEmail.isValidSync(value) && EMAIL_DOMAIN_WITH_DOT.test(value);

/** A trimmed string that must be a valid address, with the caller's message (the spec has four wordings). */
export const emailString = (message: string) =>
  yup
    .string()
    .trim()
    .test('email', message, (value) => !value || isEmailAddress(value));
