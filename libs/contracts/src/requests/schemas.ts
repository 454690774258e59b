import * as yup from 'yup';
import { MESSAGES } from '../messages';
import { emailString } from '../email';
import { validateDobPieces } from '../date-of-birth';
import { FAMILY_MEMBER_TYPES, OTHER_RELATIVE } from '../auth/types';
import {
  type CustodianRequestFee,
  DOC_REQUEST_TYPES,
  RELATIONSHIP_TYPES,
  REQUEST_FEE_CURRENCY,
  REQUEST_FILLERS,
  REQUEST_FROM,
  WIZARD_UPLOADS,
} from './types';

/** MM/DD/YYYY, the request payload's date format (spec section 9). */
export const MM_DD_YYYY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** A real calendar date in MM/DD/YYYY (pieces checked as the date-of-birth input checks them). */
export const isMmDdYyyy = (v: string | undefined | null): boolean => {
  const m = MM_DD_YYYY.exec(v ?? '');
  return !!m && Object.keys(validateDobPieces({ month: m[1], day: m[2], year: m[3] })).length === 0;
};
/** MM/DD/YYYY to YYYY-MM-DD (for comparison and storage). */
export const mmDdYyyyToIso = (v: string): string => v.replace(MM_DD_YYYY, '$3-$1-$2');
/** YYYY-MM-DD (the date input's output) to MM/DD/YYYY (the request payload's). */
export const isoToMmDdYyyy = (v: string): string => v.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1');

const todayIso = () => new Date().toISOString().slice(0, 10);
const notFuture = (v: string | undefined | null) => !v || !isMmDdYyyy(v) || mmDdYyyyToIso(v) <= todayIso();

const LETTERS = /^[A-Za-z\s]+$/;
const PHONE = /^\d{10}$/;
const trimmed = () => yup.string().trim();
const optionalText = (max = 200) =>
  yup
    .string()
    .nullable()
    .max(max)
    .transform((v) => (typeof v === 'string' ? v.trim() || null : v));
const requestDate = () =>
  yup
    .string()
    .nullable()
    .transform((v) => (typeof v === 'string' ? v.trim() || null : v))
    .test('mm-dd-yyyy', 'Enter the date as MM/DD/YYYY', (v) => !v || isMmDdYyyy(v));

/** A file the wizard put in the blob store (its key is `s3_path`; the server checks it by content). */
const uploadedFile = () =>
  yup.object({
    s3_bucket: yup.string().max(100).default(''),
    s3_path: yup.string().trim().required().max(300),
    file_name: yup.string().trim().required().max(255),
  });

/** The delegate (the person filling for someone else): their own name and how to reach them. */
export const delegateSchema = yup.object({
  firstName: trimmed().required(MESSAGES.firstNameRequired).max(100),
  lastName: trimmed().required(MESSAGES.lastNameRequired).max(100),
  email: emailString(MESSAGES.pleaseEnterValidEmail).lowercase().required(MESSAGES.emailRequired),
  phone: trimmed().required(MESSAGES.phoneRequired).matches(PHONE, MESSAGES.validPhone),
});

/**
 * A facility the patient names because it is not in the catalogue ('Can't find your imaging provider?
 * Start here'): its name, address, phone (exactly 10 digits) and the e-mail its request is mailed to.
 */
export const unlistedFacilitySchema = yup.object({
  name: trimmed().required(MESSAGES.facilityNameRequired).max(200),
  address: trimmed().required(MESSAGES.addressRequired).max(300),
  phone: trimmed().required(MESSAGES.phoneRequired).matches(PHONE, MESSAGES.validPhone),
  email: emailString(MESSAGES.pleaseEnterValidEmail).lowercase().required(MESSAGES.emailRequired),
});
export type UnlistedFacility = yup.InferType<typeof unlistedFacilitySchema>;

const someoneElse = (filler: unknown) => filler === 'someone_else';

/**
 * The request payload of the spec (requestPatientRecord, its external-request variant and
 * addProviderRequest). Dates are MM/DD/YYYY. Rules that need the facility (MRN compulsory, its record
 * types and body parts) and the uploads' contents are checked by the service.
 */
export const requestPatientRecordSchema = yup.object({
  custodian_id: yup.string().trim().required(MESSAGES.custodianRequired).uuid(MESSAGES.custodianRequired),
  custodianAliasId: optionalText(100),
  requestFrom: yup
    .string()
    .oneOf([...REQUEST_FROM])
    .default('PATIENT'),
  requestFiller: yup
    .string()
    .oneOf([...REQUEST_FILLERS])
    .required(),
  relationshipType: yup
    .string()
    .nullable()
    .oneOf([...RELATIONSHIP_TYPES, null])
    .when('requestFiller', {
      is: someoneElse,
      then: (s) => s.required(MESSAGES.selectRelationship),
      otherwise: (s) => s.transform(() => null),
    }),
  /** For a family member: one of the family relationship mnemonics. */
  relationship: yup
    .string()
    .nullable()
    .oneOf([...FAMILY_MEMBER_TYPES.map((t) => t.mnemonic), null], MESSAGES.selectRelationship)
    .when('relationshipType', {
      is: 'family-member',
      then: (s) => s.required(MESSAGES.selectRelationship),
      otherwise: (s) => s.transform(() => null),
    }),
  /** Free text when the relationship is Other relative: letters only. */
  relation: optionalText(100)
    .matches(LETTERS, { message: MESSAGES.onlyLetters, excludeEmptyString: true })
    .when('relationship', { is: OTHER_RELATIVE, then: (s) => s.required(MESSAGES.specifyRelationship) }),
  /** For a legally appointed representative: the legal relation, in their words. */
  legalRelation: optionalText(200).when('relationshipType', {
    is: 'legally-appointed',
    then: (s) => s.required(MESSAGES.specifyRelationship),
  }),
  isFamilyMember: yup.boolean().default(false),
  legallyAuthorized: yup.boolean().default(false),
  familyMemberId: optionalText(100),
  personId: optionalText(100),
  patientFirstName: trimmed().required(MESSAGES.firstNameRequired).max(100),
  patientMiddleName: optionalText(100),
  patientLastName: trimmed().required(MESSAGES.lastNameRequired).max(100),
  patientDOB: yup
    .string()
    .trim()
    .required(MESSAGES.dateOfBirthRequired)
    .test('mm-dd-yyyy', MESSAGES.dateOfBirthRequired, (v) => isMmDdYyyy(v))
    .test('not-future', MESSAGES.dateOfBirthFuture, notFuture),
  patientEmail: emailString(MESSAGES.pleaseEnterValidEmail).lowercase().nullable().default(null),
  phone: optionalText(20).matches(PHONE, { message: MESSAGES.validPhone, excludeEmptyString: true }),
  address: optionalText(300),
  city: optionalText(100),
  state: optionalText(100),
  postcode: optionalText(20),
  mrn: optionalText(64),
  docReqType: yup
    .array(
      yup
        .string()
        .oneOf([...DOC_REQUEST_TYPES])
        .required(),
    )
    .min(1, 'Select at least one record type')
    .max(4)
    .required(),
  bodyParts: yup.array(yup.string().trim().required().max(100)).max(50).default([]),
  dateFrom: requestDate(),
  dateTo: requestDate().test('after-from', 'The end date is before the start date', function (to) {
    const from = this.parent.dateFrom as string | null;
    return !to || !from || !isMmDdYyyy(to) || !isMmDdYyyy(from) || mmDdYyyyToIso(from) <= mmDdYyyyToIso(to);
  }),
  notes: yup.string().max(2000).default(''),
  delegate: delegateSchema.default(undefined).when('requestFiller', {
    is: someoneElse,
    then: (s) => s.required(),
    otherwise: (s) => s.optional().strip(),
  }),
  /** The photo ID (govt_id). */
  idProof: uploadedFile().required(MESSAGES.photoIdRequired),
  legalDocOfAuthorization: yup
    .array(uploadedFile().required())
    .max(10)
    .default([])
    .when('relationshipType', { is: 'legally-appointed', then: (s) => s.min(1, MESSAGES.legalDocsRequired) }),
  /** The drawn signature: a PNG data URL from the canvas (empty canvases never reach here). */
  signature: yup
    .string()
    .required(MESSAGES.signatureRequired)
    .matches(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, MESSAGES.signatureRequired)
    .max(2 * 1024 * 1024),
  electronicSignatureConsent: yup
    .boolean()
    .oneOf([true], MESSAGES.electronicSignatureRequired)
    .required(MESSAGES.electronicSignatureRequired),
  legallyAuthorisedConsent: yup
    .boolean()
    .default(false)
    .when('requestFiller', {
      is: someoneElse,
      then: (s) => s.oneOf([true], MESSAGES.legallyAuthorisedRequired),
    }),
});
export type RequestPatientRecordPayload = yup.InferType<typeof requestPatientRecordSchema>;

/** GET /api/facility/getCustodians?filterStr=&address=&zipCode= (each once; a repeated key is refused). */
export const custodianSearchQuery = yup.object({
  filterStr: yup.string().trim().max(100),
  address: yup.string().trim().max(200),
  zipCode: yup.string().trim().max(20),
});

/** ?custodianId= and the alias of the facility the patient chose (getBodyParts, getDocumentRequestTypes, init). */
export const custodianQuery = yup.object({
  custodianId: yup.string().trim().required(MESSAGES.custodianRequired).uuid(MESSAGES.custodianRequired),
  alias: yup.boolean(),
  custodianAliasId: yup.string().trim().max(100),
});

export const wizardCustodiansQuery = yup.object({ filterStr: yup.string().trim().max(100) });

export const uploadFormQuery = yup.object({
  kind: yup.string().oneOf(Object.keys(WIZARD_UPLOADS)).required(),
});

export const sendEmailToExternalProvidersSchema = yup.object({
  patientRequestId: yup.string().trim().required().uuid(),
  externalProviderEmails: yup
    .array(emailString(MESSAGES.pleaseEnterValidEmail).lowercase().required(MESSAGES.emailRequired))
    .min(1, MESSAGES.emailRequired)
    .max(10)
    .required(),
});

export const embedOriginQuery = yup.object({ origin: yup.string().trim().required().max(300) });

/** Issue 30: the most a facility may charge for a records request, in cents ($1,000.00). */
export const REQUEST_FEE_MAX_CENTS = 100_000;
const noFee = (v: unknown) => v === '' || v === null || v === undefined || v === 0;

/**
 * Issue 30: a facility's fee for a records request where its settings are saved. 0 or empty is no fee
 * (null); otherwise a whole number of cents up to REQUEST_FEE_MAX_CENTS, in US dollars.
 */
export const custodianRequestFeeSchema = yup
  .object({
    amountCents: yup
      .number()
      .typeError(MESSAGES.requestFeeWholeCents)
      .transform((v: number, original: unknown) => (noFee(original) || v === 0 ? null : v))
      .nullable()
      .integer(MESSAGES.requestFeeWholeCents)
      .min(0, MESSAGES.requestFeeWholeCents)
      .max(REQUEST_FEE_MAX_CENTS, MESSAGES.requestFeeTooHigh)
      .default(null),
    currency: yup
      .string()
      .trim()
      .lowercase()
      .oneOf([REQUEST_FEE_CURRENCY], 'The request fee is in US dollars')
      .default(REQUEST_FEE_CURRENCY),
  })
  .nullable()
  .default(null);

/** The fee a facility's settings keep once the rule above passed: null for no fee. */
export const toCustodianRequestFee = (
  fee: yup.InferType<typeof custodianRequestFeeSchema>,
): CustodianRequestFee | null =>
  fee?.amountCents ? { amountCents: fee.amountCents, currency: fee.currency } : null;
