import * as yup from 'yup';
import { MESSAGES } from '../messages';
import { MIN_PASSWORD_LENGTH } from '../auth';

/** Login form: the username must be a valid email, and a password is required. */
export const loginSchema = yup.object({
  username: yup.string().trim().email(MESSAGES.loginUserEmail).required(MESSAGES.loginUserEmail),
  password: yup.string().required(MESSAGES.loginPassword),
  remember: yup.boolean().default(false),
});

/** A time zone the platform knows (IANA name). */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const today = () => new Date(new Date().toISOString().slice(0, 10) + 'T23:59:59Z');

/** Sign-up: names trimmed and required, email valid, date of birth not in the future, locale required. */
export const createAccountSchema = yup.object({
  firstName: yup.string().trim().required(MESSAGES.firstNameRequired),
  lastName: yup.string().trim().required(MESSAGES.lastNameRequired),
  email: yup.string().trim().required(MESSAGES.emailRequired).email(MESSAGES.validEmailAddress),
  dateOfBirth: yup
    .string()
    .required(MESSAGES.dateOfBirthRequired)
    .matches(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.dateOfBirthRequired)
    .test('not-future', MESSAGES.dateOfBirthFuture, (v) => !v || new Date(v + 'T00:00:00Z') <= today()),
  locale: yup.string().trim().required(MESSAGES.timeZoneRequired).test('time-zone', MESSAGES.timeZoneRequired, (v) => !v || isTimeZone(v)),
});

/** Typed passwords lose their spaces before any rule runs. */
export const stripSpaces = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value);

export const newPasswordField = () =>
  yup.string().transform(stripSpaces).required(MESSAGES.newPasswordRequired).min(MIN_PASSWORD_LENGTH, MESSAGES.passwordMinLength);

export const forgotPasswordSchema = yup.object({
  username: yup.string().trim().required(MESSAGES.emailRequired).email(MESSAGES.pleaseEnterValidEmail),
});

/** POST /api/auth/resetPassword: the mailed token (or, with tokenId, the user id of the challenge). */
export const resetPasswordSchema = yup.object({
  newPassword: yup.string().when('tokenId', { is: true, then: (s) => s.optional(), otherwise: () => newPasswordField() }),
  token: yup.string().trim().required(MESSAGES.linkNoLongerValid),
  forgotPassword: yup.boolean().default(false),
  tokenId: yup.boolean().default(false),
});

/** The set/reset password form: confirm must equal the new password. */
export const newPasswordFormSchema = yup.object({
  newPassword: newPasswordField(),
  confirmNewPassword: yup
    .string()
    .transform(stripSpaces)
    .required(MESSAGES.confirmPasswordRequired)
    .oneOf([yup.ref('newPassword')], MESSAGES.passwordsMustMatch),
});

export const refreshSchema = yup.object({
  refresh_token: yup.string().required(MESSAGES.unauthenticated),
});

export const switchRoleSchema = yup.object({
  role: yup.string().required(MESSAGES.fieldRequired),
});
