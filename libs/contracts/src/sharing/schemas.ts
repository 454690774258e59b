/** yup schemas of the sharing context: the screens and the service validate with the same rules. */
import * as yup from 'yup';
import { MESSAGES } from '../messages';
import { emailString } from '../email';
import { FAMILY_MEMBER_TYPES, OTHER_RELATIVE } from '../auth/types';
import { FACILITY_NOTE_MAX } from './api';

/** POST validate password of a public viewer link: the password from the patient's form, required. */
export const viewerPasswordSchema = yup.object({
  password: yup.string().max(200).required(MESSAGES.viewerPasswordWrong),
});

const LETTERS = /^[A-Za-z][A-Za-z ]*$/;
const OTHER_ID = FAMILY_MEMBER_TYPES.find((t) => t.mnemonic === OTHER_RELATIVE)!.id;
const RELATIONSHIP_IDS = FAMILY_MEMBER_TYPES.map((t) => t.id);
const name = (required: string) =>
  yup
    .string()
    .transform((v) => (typeof v === 'string' ? v.trim() : v))
    .max(100)
    .required(required);
const uid = () =>
  yup
    .string()
    .trim()
    .max(200)
    .matches(/^[0-9.]+$/, 'studyUid must be a DICOM UID');
const id = () => yup.string().trim().max(100);

/** One record of a share (the invite payload's limitedaccess items): a study by UID or a document, of a patient request. */
export const sharedRecordRefSchema = yup
  .object({
    studyUid: uid().nullable().default(null),
    documentId: id().nullable().default(null),
    patientRequestId: yup
      .string()
      .uuid('patientRequestId must be a uuid')
      .required('patientRequestId is required'),
  })
  .test('record', 'Either studyUid or documentId is required', (v) => !!(v?.studyUid || v?.documentId));

/** The Invite new person form (records spec §5). recordsList holds SharedRecordRef keys ("patientRequestId|studyUid|documentId"). */
export const inviteFormSchema = yup.object({
  firstName: name(MESSAGES.firstNameRequired),
  lastName: name(MESSAGES.lastNameRequired),
  email: emailString(MESSAGES.inviteValidEmail).lowercase().required(MESSAGES.emailRequired),
  relationship: yup
    .number()
    .typeError(MESSAGES.selectRelationship)
    .oneOf(RELATIONSHIP_IDS, MESSAGES.selectRelationship)
    .required(MESSAGES.selectRelationship),
  specifyRelation: yup
    .string()
    .trim()
    .when('relationship', {
      is: OTHER_ID,
      then: (s) =>
        s
          .required(MESSAGES.specifyRelationship)
          .matches(LETTERS, { message: MESSAGES.onlyAlphabets, excludeEmptyString: true })
          .max(60),
      otherwise: (s) => s.strip(),
    }),
  accessType: yup
    .string()
    .oneOf(['all', 'limited'], MESSAGES.accessTypeRequired)
    .required(MESSAGES.accessTypeRequired),
  recordsList: yup
    .array(yup.string().required())
    .default([])
    .when('accessType', { is: 'limited', then: (s) => s.min(1, MESSAGES.selectAtLeastOneItem) }),
});
export type InviteForm = yup.InferType<typeof inviteFormSchema>;

/** The invite payload's person (spec §3): id equals the e-mail; relationship is the free text for 'other', else the type's name. */
export const notificationRecipientSchema = yup.object({
  firstName: name(MESSAGES.firstNameRequired),
  lastName: name(MESSAGES.lastNameRequired),
  email: emailString(MESSAGES.inviteValidEmail).lowercase().required(MESSAGES.emailRequired),
  id: yup.string().trim().lowercase().max(320),
  relationship: yup.string().trim().max(60).required(MESSAGES.selectRelationship),
  relationshipId: yup.number().oneOf(RELATIONSHIP_IDS, MESSAGES.selectRelationship).nullable().default(null),
});

/** POST shareRecords (spec §3 invite payload). */
export const shareRecordsSchema = yup.object({
  notificationRecipient: yup
    .array(notificationRecipientSchema)
    .length(1, 'notificationRecipient holds one person')
    .required(),
  allRecords: yup.boolean().required('allRecords is required'),
  limitedaccess: yup
    .array(sharedRecordRefSchema)
    .max(1000)
    .default([])
    .when('allRecords', { is: false, then: (s) => s.min(1, MESSAGES.selectAtLeastOneItem) }),
  /** Beyond the spec: when the access ends (ISO date-time), or null. */
  expiresAt: yup.date().typeError('expiresAt must be a date').nullable().default(null).min(new Date(0)),
});

/** POST sendISOFile (spec §7): share one record with people, mailing each the links asked for. */
export const sendIsoFileSchema = yup.object({
  notificationRecipients: yup.array(notificationRecipientSchema).max(50).default([]),
  studyUid: uid().nullable().default(null),
  documentId: id().nullable().default(null),
  patientRequestId: yup
    .string()
    .uuid('patientRequestId must be a uuid')
    .required('patientRequestId is required'),
  cfindResponseId: id().nullable().default(null),
  includeInvitationLink: yup.boolean().default(true),
  includeISOLink: yup.boolean().default(false),
  includeZipLink: yup.boolean().default(false),
  /** Shared people (patient_portal_user_id) who lose this record. */
  deletePatientPortalAclIds: yup.array(id().required()).max(50).default([]),
});

/** POST disablePatientToShareRecord (spec §7): each person's access to one record, on or off. */
export const disableShareSchema = yup.object({
  studyUid: uid().nullable().default(null),
  documentId: id().nullable().default(null),
  patientRequestId: yup
    .string()
    .uuid('patientRequestId must be a uuid')
    .required('patientRequestId is required'),
  recipient: yup
    .array(
      yup.object({
        patient_portal_user_id: id().required('patient_portal_user_id is required'),
        is_enabled: yup.boolean().required('is_enabled is required'),
      }),
    )
    .min(1, 'recipient is required')
    .max(50)
    .required('recipient is required'),
});

/** PUT removeAccess/{id} (spec §7): study_uuid and document_id of the record; both null removes every record. */
export const removeAccessSchema = yup.object({
  study_uuid: uid().nullable().default(null),
  document_id: id().nullable().default(null),
});

/** DELETE sharing/sharedWithMe/{ownerUserId}: the person who shared, by their user id. */
export const leaveShareParamsSchema = yup.object({
  ownerUserId: yup.string().trim().uuid('ownerUserId must be a uuid').required('ownerUserId is required'),
});

/** GET {id}/recipients, sharing/records/{id}/people and the download identifiers: which record. */
export const recordQuerySchema = yup.object({
  studyUid: uid().nullable().default(null),
  documentId: id().nullable().default(null),
});
export const downloadQuerySchema = yup.object({
  patientRequestId: yup
    .string()
    .uuid('patientRequestId must be a uuid')
    .required('patientRequestId is required'),
  studyUid: uid().required('studyUid is required'),
});

/** The share with facility form (records spec §5): a chosen custodian, a note of at most 200, a valid facility e-mail. */
export const shareWithFacilityFormSchema = yup.object({
  custodianList: yup.string().trim().required(MESSAGES.custodianRequired),
  addNote: yup.string().max(FACILITY_NOTE_MAX, MESSAGES.noteMaxLength).default(''),
  email: emailString(MESSAGES.pleaseEnterValidEmail).lowercase().required(MESSAGES.emailRequired),
});

/** POST shareWithFacility (spec §7), with the facility's e-mail the link goes to. */
export const shareWithFacilitySchema = yup.object({
  patientRequestId: yup
    .string()
    .uuid('patientRequestId must be a uuid')
    .required('patientRequestId is required'),
  custodian: yup.string().trim().max(100).required(MESSAGES.custodianRequired),
  studyUid: uid().required('studyUid is required'),
  note: yup.string().max(FACILITY_NOTE_MAX, MESSAGES.noteMaxLength).default(''),
  alias: yup.string().trim().max(200).nullable().default(null),
  email: emailString(MESSAGES.pleaseEnterValidEmail).lowercase().required(MESSAGES.emailRequired),
});

/** An expiry (a person's share or a viewer link): a future date-time, or null for never. */
const expiresAt = () =>
  yup
    .date()
    .typeError('expiresAt must be a date')
    .nullable()
    .default(null)
    .test('future', MESSAGES.expiryInPast, (v) => !v || v.getTime() > Date.now());

/** PUT an expiry. */
export const shareExpirySchema = yup.object({ expiresAt: expiresAt() });

/** POST viewerLinks: studies of the owner, an optional password (min 8), an optional expiry. */
export const createViewerLinkSchema = yup.object({
  studyInstanceUids: yup
    .array(uid().required())
    .min(1, 'studyInstanceUids needs at least one study')
    .max(500)
    .required(),
  password: yup.string().min(8, MESSAGES.passwordMinLength).max(200).nullable().default(null),
  expiresAt: expiresAt(),
});

/** POST printAccessPage: the record whose studies the page opens (a generated password protects it). */
export const printAccessPageSchema = yup.object({
  patientRequestId: yup
    .string()
    .uuid('patientRequestId must be a uuid')
    .required('patientRequestId is required'),
  studyUid: uid().nullable().default(null),
  expiresAt: expiresAt(),
});

/** POST healthLinks. The passcode is the receiver's second factor (SHL flag P): 6 to 64 characters. */
export const createHealthLinkSchema = yup.object({
  patientRequestId: yup
    .string()
    .uuid('patientRequestId must be a uuid')
    .required('patientRequestId is required'),
  studyUid: uid().nullable().default(null),
  passcode: yup
    .string()
    .required('A passcode is required')
    .min(6, 'The passcode needs at least 6 characters')
    .max(64, 'The passcode can have at most 64 characters'),
  label: yup.string().trim().max(80, 'The label can have at most 80 characters').nullable().default(null),
  expiresAt: expiresAt(),
});

/** POST a health link's manifest (SHL manifest request). */
export const healthLinkManifestSchema = yup.object({
  recipient: yup.string().trim().required('recipient is required').max(200),
  passcode: yup.string().max(64).default(''),
  embeddedLengthMax: yup.number().integer().min(0).max(100_000_000),
});
