import * as yup from 'yup';
import { MESSAGES } from '../messages';

/** Login form: the username must be a valid email, and a password is required. */
export const loginSchema = yup.object({
  username: yup.string().trim().email(MESSAGES.loginUserEmail).required(MESSAGES.loginUserEmail),
  password: yup.string().required(MESSAGES.loginPassword),
  remember: yup.boolean().default(false),
});

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
  locale: yup.string().trim().required(MESSAGES.timeZoneRequired),
});

export const refreshSchema = yup.object({
  refresh_token: yup.string().required(MESSAGES.unauthenticated),
});

export const switchRoleSchema = yup.object({
  role: yup.string().required(MESSAGES.fieldRequired),
});
