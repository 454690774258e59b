import * as yup from 'yup';
import { MESSAGES } from '../messages';
import { MIN_PASSWORD_LENGTH } from '../auth';
import { FAMILY_MEMBER_TYPES, NOTIFICATION_MNEMONICS, OTHER_RELATIVE } from '../identity';
import { newPasswordFormSchema, stripSpaces } from './auth';

// ---- date of birth in month/day/year pieces ---------------------------------------------------

export interface DobPieces {
  month: string;
  day: string;
  year: string;
}
export type DobErrors = Partial<Record<keyof DobPieces | 'date', string>>;

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Days in a month of a year; 31 when either is not known yet (the table's default). */
export const daysInMonth = (month: number, year: number): number =>
  month >= 1 && month <= 12 && year >= 1 ? new Date(Date.UTC(year, month, 0)).getUTCDate() : 31;

/** Every rule and message of the spec's date-of-birth table; an empty result means the date is good. */
export const validateDobPieces = ({ month, day, year }: DobPieces, now = new Date()): DobErrors => {
  const errors: DobErrors = {};
  const currentYear = now.getFullYear();
  const m = Number(month);
  const d = Number(day);
  const y = Number(year);
  if (!month) errors.month = MESSAGES.fieldRequired;
  else if (!/^\d{1,2}$/.test(month) || m < 1 || m > 12) errors.month = MESSAGES.invalidMonth;
  if (!year) errors.year = MESSAGES.fieldRequired;
  else if (!/^\d{4}$/.test(year) || y < 1900 || y > currentYear) errors.year = MESSAGES.invalidYear;
  const max = daysInMonth(errors.month ? 0 : m, errors.year ? 0 : y);
  if (!day) errors.day = MESSAGES.fieldRequired;
  else if (!/^\d{1,2}$/.test(day) || d < 1 || d > max) errors.day = MESSAGES.invalidDay;
  if (Object.keys(errors).length === 0) {
    const today = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
    if (Date.UTC(y, m - 1, d) > today.getTime()) errors.date = MESSAGES.dateFuture;
  }
  return errors;
};

const pad = (s: string) => s.padStart(2, '0');
/** The date input's output: YYYY-MM-DD. */
export const dobToIso = ({ month, day, year }: DobPieces): string => `${year}-${pad(month)}-${pad(day)}`;
export const isoToDob = (iso: string | null | undefined): DobPieces => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? { year: m[1], month: m[2], day: m[3] } : { year: '', month: '', day: '' };
};
/** Saving personal details sends the date as DD/MM/YYYY. */
export const isoToDdMmYyyy = (iso: string): string => iso.split('-').reverse().join('/');
export const ddMmYyyyToIso = (dmy: string): string => dmy.split('/').reverse().join('-');

// ---- personal information ---------------------------------------------------------------------

const PHONE = /^\d{10}$/;
/** An address typed anywhere in these forms: trimmed, lower-cased, required and valid. */
const emailField = () =>
  yup.string().trim().lowercase().required(MESSAGES.emailRequired).email(MESSAGES.pleaseEnterValidEmail);
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
const base64Image = () =>
  optionalText().max(Math.ceil((5 * 1024 * 1024 * 4) / 3) + 64, 'The image is larger than 5 MB');

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
