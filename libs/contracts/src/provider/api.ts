/**
 * Paths of the provider context: the facility staff's data-request inbox and its fulfilment. The
 * spec's calls keep their paths (records spec §7 Provider data requests); the rest, which the spec
 * shows no path for, live under /api/provider.
 */
export const PROVIDER_API = {
  /** GET ?search=&page=&pageSize=: requests to the caller's own facilities (DataRequestPage). */
  dataRequests: '/api/getPatientRequestsForExternalProvider',
  /** GET: one request of the caller's facilities with its document requests, due date and timeline; the first open marks it seen. */
  dataRequest: (patientRequestId: string) => `/api/provider/dataRequests/${patientRequestId}`,
  /** GET: the documents uploaded to one document request. */
  documents: (patientRequestId: string, documentRequestId: string) =>
    `/api/${patientRequestId}/getDocuments/${documentRequestId}`,
  /** GET: what the patient sent with the request (signed authorization form, photo ID, legal documents). */
  otherDocuments: (patientRequestId: string) => `/api/${patientRequestId}/getOtherDocuments`,
  /** GET: the bytes of one of those documents (PDF or image), to open in the browser. */
  otherDocumentContent: (patientRequestId: string, otherDocumentId: string) =>
    `/api/provider/dataRequests/${patientRequestId}/otherDocuments/${otherDocumentId}`,
  /** GET: the bytes of an uploaded document that can be opened (a PDF report or an image). */
  documentContent: (patientRequestId: string, documentId: string) =>
    `/api/provider/dataRequests/${patientRequestId}/documents/${documentId}`,
  /** POST ProviderUploadFormsInput: presigned forms for a batch of at most 20 files. */
  uploadForms: '/api/generateS3PresignedURL',
  /** POST AddDocumentsInput: keeps uploaded files, each checked by content. */
  addDocuments: '/api/addDocuments',
  /** POST DeleteDocumentInput. */
  deleteDocument: '/api/deleteDocument',
  /** POST { patientRequestId }: records submitted. */
  markUploaded: '/api/markPatientRequestAsUploaded',
  /** POST RejectDocumentRequestInput. */
  reject: '/api/rejectDocumentRequest',
  /** POST { patientRequestId, documentRequestId }. */
  cancelRejection: '/api/cancelDocumentRequestRejection',
  /** GET ?tab=all|favourites|shared&search=: the welcome page's records (ProviderRecord[]). */
  records: '/api/provider/records',
  /** POST { documentId, starred }. */
  starRecord: '/api/provider/records/star',
  /** GET: one delivered record of the caller's facilities with its study and its reports (ProviderRecordDetail). */
  record: (recordId: string) => `/api/provider/records/${recordId}`,
  /** GET: a viewer token (ViewerAccess) for the study of a delivered record of the caller's facilities. */
  recordViewerToken: (recordId: string) => `/api/provider/records/${recordId}/viewerToken`,
  /** GET: a short-lived download identifier (IdentifierAnswer) for one report of a delivered record, to show in a frame. */
  recordReport: (recordId: string, documentId: string) =>
    `/api/provider/records/${recordId}/reports/${documentId}`,
  /** GET, no bearer (a frame sends none): the bytes of the report the identifier was issued for. */
  download: (identifier: string) => `/api/provider/download/${identifier}`,
} as const;

/** Provider uploads go up in batches of this many files (records spec §4, §9). */
export const PROVIDER_UPLOAD_BATCH = 20;
/** From this many files on, the upload shows the progress circle instead of the drop zone. */
export const PROVIDER_PROGRESS_THRESHOLD = 20;
/** The data-request grid's first page and the largest page a caller may ask for. */
export const DATA_REQUEST_PAGE_SIZE = 50;
export const DATA_REQUEST_MAX_PAGE_SIZE = 200;
/**
 * Counts that walk rows stop at these (the unsearched inbox total is exact): a search's total at
 * 1,000 and the overdue and due-soon flags at 100, shown as "1000+" and "100+".
 */
export const INBOX_SEARCH_CAP = 1_000;
export const INBOX_FLAG_CAP = 100;
/**
 * A facility's viewer token lives this long: the facility's right to its delivery is checked when the
 * token is issued, so a staff member who leaves the facility keeps a study open no longer than this.
 */
export const PROVIDER_VIEWER_TOKEN_TTL_SECONDS = 15 * 60;
/** A report's download identifier lives this long: long enough to load the frame, checked again when the frame asks anew. */
export const PROVIDER_REPORT_IDENTIFIER_TTL_SECONDS = 10 * 60;
