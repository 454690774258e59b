import { formatMoney } from '../billing/messages';
import { PDF_FILES, PICTURE_FILES } from '../uploads';

/** Shapes of the requests context: the facility (custodian) and the record types a request asks for. */

export const DOC_REQUEST_TYPES = ['IMAGES', 'IMAGES_ONLY', 'REPORTS', 'OTHERS'] as const;
export type DocRequestType = (typeof DOC_REQUEST_TYPES)[number];
/** Display names of the record types (document request types). */
export const DOC_REQUEST_TYPE_NAMES: Record<DocRequestType, string> = {
  IMAGES: 'Images',
  IMAGES_ONLY: 'Images only',
  REPORTS: 'Reports',
  OTHERS: 'Others',
};

/** The display name of a record type mnemonic; an unknown one shows as itself. */
export const docRequestTypeName = (mnemonic: string): string =>
  DOC_REQUEST_TYPE_NAMES[mnemonic as DocRequestType] ?? mnemonic;

/** A document request of a patient request, as every context shows it. */
export interface DocumentRequest {
  document_request_type: { mnemonic: string; name: string };
  /** Set where the context knows its document requests (provider inbox, request details). */
  id?: string;
  /** The facility's rejection of this document request, or null when it is not rejected. */
  rejection?: DocumentRequestRejection | null;
}

/** Why a facility rejects a document request (records spec §4 Rejection reasons). */
export const REJECTION_REASONS = [
  'WE_DO_NOT_HAVE_THE_REQUESTED_DOCUMENTS',
  'RECORDS_FILMS_ARE_LOST',
  'RECORDS_FILMS_ARE_DESTROYED',
  'NO_RECORDS_FOR_THE_DATES_REQUESTED',
  'OTHER',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
/** The spec words the first label; the others follow its wording of the mnemonic. */
export const REJECTION_REASON_NAMES: Record<RejectionReason, string> = {
  WE_DO_NOT_HAVE_THE_REQUESTED_DOCUMENTS: 'We do not have the requested documents',
  RECORDS_FILMS_ARE_LOST: 'Records/films are lost',
  RECORDS_FILMS_ARE_DESTROYED: 'Records/films are destroyed',
  NO_RECORDS_FOR_THE_DATES_REQUESTED: 'No records for the dates requested',
  OTHER: 'Other',
};

export interface DocumentRequestRejection {
  nrrType: RejectionReason;
  /** The reason's label, or the facility's note for OTHER. */
  reason: string;
  otherReason: string | null;
  rejectedAt: string;
}
export const toDocumentRequests = (mnemonics: readonly string[]): DocumentRequest[] =>
  mnemonics.map((mnemonic) => ({ document_request_type: { mnemonic, name: docRequestTypeName(mnemonic) } }));

export const CUSTODIAN_THEMES = ['default', 'orange', 'blue'] as const;
export type CustodianTheme = (typeof CUSTODIAN_THEMES)[number];

export interface CustodianAddress {
  primary_address: string;
  city: { name: string; state_name: string };
  state: string;
  postcode: string;
}

/** The facility (custodian) entity of the spec. */
export interface Custodian {
  id: string;
  name: string;
  address: CustodianAddress;
  isMRNCompulsory: boolean;
  description: string | null;
  phone: string | null;
  website: string | null;
  theme: CustodianTheme;
  aliases: CustodianAlias[];
}

export interface CustodianAlias {
  id: string;
  name: string;
  organization_id: string;
}

/** Issue 30: a facility's fee for a records request, in the currency's smallest unit (cents). */
export interface CustodianRequestFee {
  amountCents: number;
  /** ISO 4217 in lower case; the portal charges in US dollars ('usd'). */
  currency: string;
}
/** The one currency a facility's request fee is set in. */
export const REQUEST_FEE_CURRENCY = 'usd';

/** A fee as the patient reads it: '$15.00'. */
export const formatRequestFee = (fee: CustodianRequestFee): string =>
  formatMoney(fee.amountCents, fee.currency);

/** Issue 30, our own words: the wizard's notice, before submitting, of a facility that charges a fee. */
export const requestFeeNotice = (facilityName: string, fee: CustodianRequestFee): string =>
  `${facilityName} charges ${formatRequestFee(fee)} for a records request. You pay it after submitting; the facility starts once it is paid.`;

/** Issue 30: the billing page where the patient pays a request's fee (the auth remote draws it). */
export const REQUEST_FEE_PAGE = '/subscription/request-fee';
export const requestFeePagePath = (patientRequestId: string): string =>
  `${REQUEST_FEE_PAGE}/${encodeURIComponent(patientRequestId)}`;

/** One facility in full (its page, the wizard): the logo in `value.image_data` (a data: URI) and what it holds. */
export interface CustodianDetails extends Custodian {
  value: { image_data: string | null };
  /** The record types this facility releases (its page's "what it holds"). */
  docTypes: DocumentRequestTypeOption[];
  /** Issue 30: what the facility charges for a records request, or null when it charges nothing. */
  requestFee: CustodianRequestFee | null;
}

/** A record type a facility offers in the wizard. */
export interface DocumentRequestTypeOption {
  id: string;
  name: string;
  mnemonic: DocRequestType;
}

export interface BodyPart {
  id: string;
  name: string;
}

export interface AuthorizationFormTemplate {
  title: string;
  /** Plain text with the placeholders already filled for the facility; paragraphs split by blank lines. */
  text: string;
}

/** GET init: what the wizard needs for one facility (and, when given, one of its aliases). */
export interface WizardInit {
  custodian: CustodianDetails;
  docTypes: DocumentRequestTypeOption[];
  bodyParts: BodyPart[];
  displayDateRange: boolean;
  authorizationForm: AuthorizationFormTemplate;
}

/** A family member to request for; the list starts with Myself (id `myself`). */
export interface FamilyMemberOption {
  id: string;
  first_name: string;
  last_name: string;
}
export const MYSELF_ID = 'myself';

/** GET facilityLink/{id}. */
export interface FacilityLink {
  url: string;
  /** The one script tag a facility puts on its own site. */
  embedSnippet: string;
}

/** The wizard's uploads and their rules (checked by content on the server). */
export const WIZARD_UPLOADS = {
  /** The photo ID: one image, stored under the name govt_id. */
  govt_id: { ...PICTURE_FILES, maxBytes: 10 * 1024 * 1024 },
  /** Legal documents of authorization: PDF only, several. */
  legal_doc: { ...PDF_FILES, maxBytes: 20 * 1024 * 1024 },
} as const;
export type WizardUploadKind = keyof typeof WIZARD_UPLOADS;
export const GOVT_ID_FILE_NAME = 'govt_id';

/** Who fills the request, and for someone else, in what capacity. */
export const REQUEST_FILLERS = ['self', 'someone_else'] as const;
export type RequestFiller = (typeof REQUEST_FILLERS)[number];
export const RELATIONSHIP_TYPES = ['family-member', 'legally-appointed'] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];
export const REQUEST_FROM = ['PATIENT', 'RECORD_CUSTODIAN'] as const;
export type RequestFrom = (typeof REQUEST_FROM)[number];

/** A file the wizard uploaded through the presigned flow, as the request payload names it. */
export interface UploadedFileRef {
  s3_bucket: string;
  s3_path: string;
  file_name: string;
}

/** GET patientRequest/{id}: a saved request as its owner sees it. */
export interface PatientRequestDetails {
  id: string;
  status: string;
  created_at: string;
  custodian: Pick<Custodian, 'id' | 'name'>;
  patient: {
    firstName: string;
    middleName: string | null;
    lastName: string;
    dateOfBirth: string;
    email: string | null;
  };
  requestFrom: RequestFrom;
  requestFiller: RequestFiller;
  relationshipType: RelationshipType | null;
  relationship: string | null;
  relation: string | null;
  legalRelation: string | null;
  mrn: string | null;
  document_requests: DocumentRequest[];
  bodyParts: string[];
  dateFrom: string | null;
  dateTo: string | null;
  notes: string;
  hasAuthorizationForm: boolean;
  legalDocuments: Array<{ file_name: string }>;
  /** Beyond the spec: the facility's legal deadline (HIPAA right of access, 30 days from receipt) and the life of the request. */
  dueDate: string;
  timeline: RequestTimelineEntry[];
}

/** The HIPAA right of access: a facility answers within 30 days of receiving the request. */
export const RIGHT_OF_ACCESS_DAYS = 30;
/** The inbox flags a request as due soon this many days before its due date. */
export const DUE_SOON_DAYS = 7;
/** The due date (YYYY-MM-DD) of a request received at `createdAt`. */
export const dueDateOf = (createdAt: string | Date): string =>
  new Date(new Date(createdAt).getTime() + RIGHT_OF_ACCESS_DAYS * 86_400_000).toISOString().slice(0, 10);
/** Whole days from today (UTC) until the due date: 0 on the day itself, negative when overdue. */
export const daysLeft = (dueDate: string, now: Date = new Date()): number =>
  Math.round((Date.parse(dueDate) - Date.parse(now.toISOString().slice(0, 10))) / 86_400_000);

/** The steps of a request's life that both the patient and the facility see, each with its time. */
export const TIMELINE_EVENTS = [
  'SUBMITTED',
  'SEEN_BY_FACILITY',
  'FILES_UPLOADED',
  'REJECTED',
  'REJECTION_CANCELLED',
  'RECORDS_SUBMITTED',
  'STUDY_MOVE_STARTED',
  'STUDY_MOVE_FAILED',
  'COMPLETED',
] as const;
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number];
export const TIMELINE_EVENT_NAMES: Record<TimelineEvent, string> = {
  SUBMITTED: 'Request submitted',
  SEEN_BY_FACILITY: 'Seen by the facility',
  FILES_UPLOADED: 'Files uploaded by the facility',
  REJECTED: 'Rejected by the facility',
  REJECTION_CANCELLED: 'Rejection cancelled',
  RECORDS_SUBMITTED: 'Records submitted by the facility',
  STUDY_MOVE_STARTED: "Study being moved from the facility's system",
  STUDY_MOVE_FAILED: "The facility's system could not deliver the study: sent to the facility",
  COMPLETED: 'Completed',
};
/** What an entry adds to its name: the file count of an upload or a submission, the reason of a rejection. */
export const timelineDetail = (e: Pick<RequestTimelineEntry, 'event' | 'detail'>): string | null => {
  if (!e.detail) return null;
  if (e.event === 'FILES_UPLOADED' || e.event === 'RECORDS_SUBMITTED')
    return `${e.detail} ${e.detail === '1' ? 'file' : 'files'}`;
  return e.detail;
};

export interface RequestTimelineEntry {
  event: TimelineEvent;
  at: string;
  /** The record type and reason of a rejection, the number of files uploaded. */
  detail?: string | null;
}

/** A row of the caller's own patient requests (GET loadGrid of the requests context). */
export interface PatientRequestRow {
  id: string;
  status: string;
  doc_req_types: string[];
  created_at: string;
  custodian_id: string;
  custodian_name: string;
}

export interface SubmitPatientRequestAnswer {
  id: string;
  message: string;
}

/** Patient request statuses the portal works with (records spec §4 names them); it moves requests to all but Revoked. */
export const REQUEST_STATUS = {
  NEW: 'New',
  /** Issue 28: a facility's system is delivering the study itself (Smart FHIR); the facility's inbox shows it too. */
  PENDING_STUDY_MOVE: 'Pending study move',
  /**
   * Issue 30: the facility charges a fee for a records request and it is not paid yet (or a payment
   * failed); the facility does not have the request until it is paid (then 'New').
   */
  PENDING_PAYMENT: 'Pending payment',
  /** Issue 30: the fee's payment is settling; the facility does not have the request yet. */
  PENDING_PAYMENT_CLEARANCE: 'Pending payment clearance',
  UPLOADED_BY_EXTERNAL_PROVIDER: 'Uploaded by external provider',
  COMPLETED: 'Completed',
  DECLINED: 'Declined',
  REVOKED: 'Revoked',
} as const;

/**
 * The statuses that close a patient request: nothing more comes of it, for the patient (it leaves the
 * Open Requests) nor for the facility. 'Uploaded by external provider' does not close it: the patient
 * waits until the delivery is indexed and the request is Completed (the facility's inbox counts its
 * own submission as answered by itself, provider.data_requests.uploaded_at).
 */
export const CLOSED_REQUEST_STATUSES = [
  REQUEST_STATUS.COMPLETED,
  REQUEST_STATUS.DECLINED,
  REQUEST_STATUS.REVOKED,
] as const;
/**
 * Issue 30: the statuses of a request whose fee is not paid yet. Nothing of it reaches the facility (no
 * inbox row, count, search or mail) until it is paid and 'New'; the facility never has it back in these.
 */
export const AWAITING_PAYMENT_STATUSES = [
  REQUEST_STATUS.PENDING_PAYMENT,
  REQUEST_STATUS.PENDING_PAYMENT_CLEARANCE,
] as const;
/** Whether a request waits for its fee, in any letter case. */
export const isAwaitingPayment = (status: string | undefined | null): boolean => {
  const s = (status ?? '').trim().toLowerCase();
  return AWAITING_PAYMENT_STATUSES.some((waiting) => waiting.toLowerCase() === s);
};

/** Whether a status closes its request, in any letter case (the library's rows carry the status as stored). */
export const isClosedStatus = (status: string | undefined | null): boolean => {
  const s = (status ?? '').trim().toLowerCase();
  return CLOSED_REQUEST_STATUSES.some((closed) => closed.toLowerCase() === s);
};
