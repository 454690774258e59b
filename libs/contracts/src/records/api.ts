/**
 * Paths of the records context: the patient's library. The spec's paths keep its spelling; where the
 * spec shows no path, the path sits under the context's prefix (/api/myRecords).
 */
export const RECORDS_API = {
  /** GET ?limit=: the caller's requests, newest first, with their approved responses (the shell asks limit=1 for the Sharing menu). */
  studyData: '/api/myRecords/studyData',
  /** GET ?includeShared=&onlyFavourites=&onlyShared=&personId=&sharedByUserId=: starts a grid snapshot, answers GridLoad. */
  loadGrid: '/api/v2/myRecords/loadGrid',
  /** GET ?identifier=: GridCheck (isReady, total). */
  checkData: '/api/v2/myRecords/checkData',
  /** GET ?identifier=&chunkSize=&chunkOffset=: GridChunk (rows, hasMore). */
  fetchData: '/api/v2/myRecords/fetchData',
  /** GET ?personId=: RecordsInit (enable_dicom_viewer). */
  init: '/api/myRecords/init',
  /** POST StarInput: stars one approved response of the caller (idempotent). */
  starResponse: '/api/myRecords/starResponse',
  /** POST StarInput: removes the star (idempotent). */
  unstarResponse: '/api/myRecords/unstarResponse',
  /** POST SharedStarInput: the caller's own star on a record shared with them. */
  sharedStarResponse: '/api/sharedWithMe/starResponse',
  /** GET: the attachments (reports and other documents) of an approved response. */
  attachments: (patientRequestId: string, responseId: string) =>
    `/api/${patientRequestId}/getAttachments/${responseId}`,
  /** GET: a download identifier (IdentifierAnswer) for one attachment's bytes. */
  attachmentContent: (patientRequestId: string, attachmentId: string) =>
    `/api/${patientRequestId}/getAttachmentContent/${attachmentId}`,
  /** GET: makes the record's PDF (a PDF document itself, or a study summary) and answers its download identifier. */
  generatePdf: (patientRequestId: string, responseId: string) =>
    `/api/${patientRequestId}/generatePdf/${responseId}`,
  /** GET (no bearer: the short-lived identifier is the proof, so a new window or a frame can open it). */
  download: (identifier: string) => `/api/download/${identifier}`,
  /** GET (the owner): the bytes of a library document (a PDF report or an image); 404 for anyone else. */
  documentContent: (documentId: string) => `/api/getFileContent/${documentId}`,
  /** GET (the owner): one patient request of the library (the spec's entity, with its approved responses). */
  patientRequest: (id: string) => `/api/patientRequest/${id}`,
  /** GET (the owner): DocumentCounts of a patient request. */
  documentCounts: (id: string) => `/api/patientRequest/${id}/documents/counts`,
  /** GET (the owner): one document of a document request (LibraryAttachment). */
  documentById: (id: string, documentRequestId: string, documentId: string) =>
    `/api/patientRequest/${id}/documentRequests/${documentRequestId}/documents/${documentId}`,
  /** GET: the enhanced (patient-friendly) report of an attachment is requested; answers IdentifierAnswer. */
  enhancedReport: (patientRequestId: string, attachmentId: string) =>
    `/api/${patientRequestId}/enhancedReport/${attachmentId}`,
  /** GET: polled every 2 s: EnhancedReportAnswer (isReady, data). */
  enhancedReportStatus: (identifier: string) => `/api/enhancedReport/${identifier}`,
  /** GET ?fileName=&size=&recordType=: the presigned upload form (UploadForm) of one self-uploaded file. */
  uploadForm: '/api/myRecords/getPresignedUploadUrl',
  /** POST ManualUploadPayload: keeps a self-uploaded record (one file). */
  manuallyUploadImages: '/api/myRecords/manuallyUploadImages',
} as const;
