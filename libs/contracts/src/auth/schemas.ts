/** yup schemas of the auth context: the forms and the service validate with the same rules and messages. */
import * as yup from 'yup';
import { MESSAGES } from '../messages';
import {
  FAMILY_MEMBER_TYPES,
  IDENTITY_IMAGE_TOO_LARGE,
  MAX_IDENTITY_IMAGE_BYTES,
  MIN_PASSWORD_LENGTH,
  NOTIFICATION_MNEMONICS,
  OTHER_RELATIVE,
} from './types';
import { validateDobPieces } from '../date-of-birth';
import { emailString } from '../email';

/** Login form: the username must be a valid email, and a password is required. */
export const loginSchema = yup.object({
  username: emailString(MESSAGES.loginUserEmail).required(MESSAGES.loginUserEmail),
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
  email: emailString(MESSAGES.validEmailAddress).required(MESSAGES.emailRequired),
  dateOfBirth: yup
    .string()
    .required(MESSAGES.dateOfBirthRequired)
    .matches(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.dateOfBirthRequired)
    .test('not-future', MESSAGES.dateOfBirthFuture, (v) => !v || new Date(v + 'T00:00:00Z') <= today()),
  locale: yup
    .string()
    .trim()
    .required(MESSAGES.timeZoneRequired)
    .test('time-zone', MESSAGES.timeZoneRequired, (v) => !v || isTimeZone(v)),
});

/** Typed passwords lose their spaces before any rule runs. */
export const stripSpaces = (value: unknown) =>
  typeof value === 'string' ? value.replace(/\s+/g, '') : value;

export const newPasswordField = () =>
  yup
    .string()
    .transform(stripSpaces)
    .required(MESSAGES.newPasswordRequired)
    .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordMinLength);

export const forgotPasswordSchema = yup.object({
  username: emailString(MESSAGES.pleaseEnterValidEmail).required(MESSAGES.emailRequired),
});

/** POST /api/auth/resetPassword: the mailed token (or, with tokenId, the user id of the challenge). */
export const resetPasswordSchema = yup.object({
  newPassword: yup
    .string()
    .when('tokenId', { is: true, then: (s) => s.optional(), otherwise: () => newPasswordField() }),
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

// ---- personal information ---------------------------------------------------------------------

const PHONE = /^\d{10}$/;
/** An address typed anywhere in these forms: trimmed, lower-cased, required and valid. */
const emailField = () =>
  emailString(MESSAGES.pleaseEnterValidEmail).lowercase().required(MESSAGES.emailRequired);
/** A phone country calling code, digits only, +1 when absent. */
const callingCodeField = () =>
  yup
    .string()
    .trim()
    .matches(/^\d{1,4}$/, MESSAGES.validPhone)
    .default('1');
const text = () => yup.string().transform((v) => (typeof v === 'string' ? v.trimStart() : v));
const optionalText = () =>
  yup
    .string()
    .nullable()
    .transform((v) => (typeof v === 'string' ? v.trim() || null : v));

/** The personal information form (the date of birth is checked piece by piece beside it). */
export const personalInfoFormSchema = yup.object({
  firstName: text().trim().required(MESSAGES.firstNameRequired),
  middleName: optionalText(),
  lastName: text().trim().required(MESSAGES.lastNameRequired),
  priorLastName: optionalText(),
  countryCode: yup.string().required(MESSAGES.phoneRequired),
  phone: yup.string().trim().required(MESSAGES.phoneRequired).matches(PHONE, MESSAGES.validPhone),
  address: text().trim().required(MESSAGES.addressRequired),
  country: yup.string().required(MESSAGES.countryRequired),
  cityId: yup.string().required(MESSAGES.cityRequired),
  state: text().trim().required(MESSAGES.stateRequired),
  postcode: text().trim().required(MESSAGES.postcodeRequired),
  priorAddress: optionalText(),
  priorCountry: optionalText(),
  priorCityId: optionalText(),
  priorState: optionalText(),
  priorPostcode: optionalText(),
});

const DD_MM_YYYY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const validDdMmYyyy = (v: string | undefined): boolean => {
  const m = DD_MM_YYYY.exec(v ?? '');
  return !!m && Object.keys(validateDobPieces({ day: m[1], month: m[2], year: m[3] })).length === 0;
};
// Base64 is 4 characters per 3 bytes; the 64 leave room for a data: URL prefix.
const base64Image = () =>
  optionalText().max(Math.ceil((MAX_IDENTITY_IMAGE_BYTES * 4) / 3) + 64, IDENTITY_IMAGE_TOO_LARGE);

/**
 * POST /api/myIdentity/saveDetails. The person reading (names present) needs every required field;
 * the photo reading (older identity verification) sends only photo and signature as base64.
 */
export const saveDetailsSchema = (personReading: boolean) => {
  const req = (s: yup.StringSchema<string | undefined>, message: string) =>
    personReading ? s.required(message) : s.optional();
  return yup.object({
    firstName: req(yup.string().trim(), MESSAGES.firstNameRequired),
    middleName: optionalText(),
    lastName: req(yup.string().trim(), MESSAGES.lastNameRequired),
    priorLastName: optionalText(),
    dateOfBirth: req(yup.string().trim(), MESSAGES.dateOfBirthRequired).test(
      'dd-mm-yyyy',
      MESSAGES.dateOfBirthFuture,
      (v) => !v || validDdMmYyyy(v),
    ),
    phone: req(yup.string().trim(), MESSAGES.phoneRequired).matches(PHONE, {
      message: MESSAGES.validPhone,
      excludeEmptyString: true,
    }),
    countryCode: callingCodeField(),
    address: req(yup.string().trim(), MESSAGES.addressRequired),
    cityId: req(yup.string().trim(), MESSAGES.cityRequired),
    country: req(yup.string().trim(), MESSAGES.countryRequired),
    state: req(yup.string().trim(), MESSAGES.stateRequired),
    postcode: req(yup.string().trim(), MESSAGES.postcodeRequired),
    priorAddress: optionalText(),
    priorCityId: optionalText(),
    priorCountry: optionalText(),
    priorState: optionalText(),
    priorPostcode: optionalText(),
    photo: base64Image(),
    signature: base64Image(),
  });
};
/** Whether a saveDetails body is the person reading (as opposed to photo and signature only). */
export const isPersonReading = (
  body: { firstName?: unknown; lastName?: unknown } | null | undefined,
): boolean => !!body && (body.firstName !== undefined || body.lastName !== undefined);

export const saveDetailsExternalSchema = yup.object({
  personId: yup.string().uuid(MESSAGES.notFound).required(MESSAGES.notFound),
  photo: base64Image(),
  signature: base64Image(),
});

export const citiesQuerySchema = yup.object({
  filterStr: yup
    .string()
    .trim()
    .required(MESSAGES.cityRequired)
    .min(3, 'Type more than 2 characters to search cities'),
  countryIso: yup
    .string()
    .trim()
    .uppercase()
    .matches(/^[A-Z]{2}$/, MESSAGES.countryRequired)
    .required(MESSAGES.countryRequired),
});

// ---- login and password settings -----------------------------------------------------------

/**
 * PUT or POST /api/myIdentity/updatePassword in either reading: (newPassword, confirmNewPassword)
 * or (newPassword1, newPassword2). The second is mapped onto the first before the rules run.
 */
export const updatePasswordSchema = newPasswordFormSchema.shape({
  currentPassword: yup.string().required(MESSAGES.currentPasswordRequired),
});
export const readUpdatePassword = (body: Record<string, unknown>): Record<string, unknown> => ({
  currentPassword: body.currentPassword,
  newPassword: body.newPassword ?? body.newPassword1,
  confirmNewPassword: body.confirmNewPassword ?? body.newPassword2,
});

export const updateEmailSchema = yup.object({
  newEmail: emailField(),
});

export const linkTokenSchema = yup.object({
  token: yup.string().trim().required(MESSAGES.linkNoLongerValid),
});

export const notificationSettingsSchema = yup.object({
  settings: yup
    .array(
      yup.object({
        mnemonic: yup
          .string()
          .oneOf(NOTIFICATION_MNEMONICS, 'Unknown notification setting')
          .required('Unknown notification setting'),
        value: yup
          .boolean()
          .strict()
          .typeError('A notification setting needs a true or false value')
          .required('A notification setting needs a true or false value'),
      }),
    )
    .required('settings is required'),
});

// ---- family members -------------------------------------------------------------------------

const LETTERS = /^[\p{L} ]+$/u;
export const familyMemberSchema = yup.object({
  firstName: yup.string().trim().required(MESSAGES.firstNameRequired),
  lastName: yup.string().trim().required(MESSAGES.lastNameRequired),
  relationshipTypeId: yup
    .number()
    .typeError(MESSAGES.selectRelationship)
    .oneOf(
      FAMILY_MEMBER_TYPES.map((t) => t.id),
      MESSAGES.selectRelationship,
    )
    .required(MESSAGES.selectRelationship),
  relation: yup
    .string()
    .nullable()
    .trim()
    .when('relationshipTypeId', {
      is: FAMILY_MEMBER_TYPES.find((t) => t.mnemonic === OTHER_RELATIVE)!.id,
      then: (s) => s.required(MESSAGES.specifyRelationship).matches(LETTERS, MESSAGES.onlyLetters),
      otherwise: (s) => s.transform(() => null),
    }),
});

// ---- sign-in variants, lookups, removal, unsubscribe ---------------------------------------

export const registerAccountSchema = yup.object({
  email: emailField(),
  /** The token of a sharing invitation link: the account gets the EXTERNAL_VIEWER role (its e-mail must be the invited one). */
  invitation: yup.string().trim().max(4096).nullable().default(null),
  password: yup
    .string()
    .transform(stripSpaces)
    .required(MESSAGES.newPasswordRequired)
    .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordMinLength),
});

export const getUserInformationSchema = yup.object({
  email: emailField(),
});

export const phoneLoginSchema = yup.object({
  countryCode: callingCodeField(),
  phone: yup.string().trim().required(MESSAGES.phoneRequired).matches(PHONE, MESSAGES.validPhone),
});

export const loginAsUserSchema = yup.object({
  email: emailField(),
  reason: yup.string().trim().required('A reason is required'),
});

export const accountRemovalRequestSchema = yup.object({
  currentPassword: yup.string().required(MESSAGES.currentPasswordRequired),
});

export const unsubscribeSchema = yup.object({
  email: yup.string().trim().required(MESSAGES.invalidToken),
  recaptchaToken: yup.string().trim().required(MESSAGES.recaptchaFailed),
});

/** The government ID upload of the older identity verification screen. */
export const identityVerificationSchema = yup.object({
  photo: yup.string().required(MESSAGES.chooseValidImage),
  confirmLicence: yup
    .boolean()
    .oneOf([true], 'Please confirm this is a photo of your valid driver\u2019s licence'),
  agreeTerms: yup.boolean().oneOf([true], 'Please agree to the terms'),
});

/** GET /api/myIdentity/getPerson?personId=&full=: a family member's person id, and whether to add the ID images. */
export const getPersonQuery = yup.object({
  personId: yup.string().trim(),
  full: yup.boolean().default(false),
});

/** GET /api/checkForgotPasswordToken and checkResetPasswordToken?token=. */
export const passwordLinkQuery = yup.object({ token: yup.string().default('') });

/** GET and POST /api/pages/opt-out?id=: the signed unsubscribe id of the mail's link. */
export const optOutQuery = yup.object({ id: yup.string().default('') });
