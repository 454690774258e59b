/** Shapes of the requests context: the facility (custodian) and the record types a request asks for. */

export const DOC_REQUEST_TYPES = ['IMAGES', 'IMAGES_ONLY', 'REPORTS', 'OTHERS'] as const;
export type DocRequestType = (typeof DOC_REQUEST_TYPES)[number];
/** Display names of the record types (document request types). */
export const DOC_REQUEST_TYPE_NAMES: Record<DocRequestType, string> = { IMAGES: 'Images', IMAGES_ONLY: 'Images only', REPORTS: 'Reports', OTHERS: 'Others' };

/** The display name of a record type mnemonic; an unknown one shows as itself. */
export const docRequestTypeName = (mnemonic: string): string => DOC_REQUEST_TYPE_NAMES[mnemonic as DocRequestType] ?? mnemonic;

/** A document request of a patient request, as every context shows it. */
export interface DocumentRequest {
  document_request_type: { mnemonic: string; name: string };
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

/** One facility in full (its page, the wizard): the logo in `value.image_data` (a data: URI) and what it holds. */
export interface CustodianDetails extends Custodian {
  value: { image_data: string | null };
  /** The record types this facility releases (its page's "what it holds"). */
  docTypes: DocumentRequestTypeOption[];
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
  govt_id: { contentTypes: ['image/png', 'image/jpeg', 'image/webp'], extensions: ['png', 'jpg', 'jpeg', 'webp'], maxBytes: 10 * 1024 * 1024 },
  /** Legal documents of authorization: PDF only, several. */
  legal_doc: { contentTypes: ['application/pdf'], extensions: ['pdf'], maxBytes: 20 * 1024 * 1024 },
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
  patient: { firstName: string; middleName: string | null; lastName: string; dateOfBirth: string; email: string | null };
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
