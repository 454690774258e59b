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
  aliases: Array<{ id: string; name: string; organization_id: string }>;
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
