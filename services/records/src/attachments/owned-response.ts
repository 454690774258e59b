import type { LibraryAttachment } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import type { AttachmentRepository, OwnedDocument, OwnedRequest, OwnedStudy } from './attachment.repository';
import { recordNotFound } from './attachments.errors';

/** An approved response of the caller's request: one of its studies or one of its documents. */
export type OwnedResponse = { request: OwnedRequest } & ({ study: OwnedStudy; document: null } | { study: null; document: OwnedDocument });

/** The caller's request and its response (a study's or a document's id); 404 for anything else, another user's included. */
export const ownedResponse = async (repo: AttachmentRepository, db: Queryable, userId: string, patientRequestId: string, responseId: string): Promise<OwnedResponse> => {
  const request = await repo.findOwnedRequest(db, userId, patientRequestId);
  if (!request) throw recordNotFound();
  const study = await repo.findStudy(db, userId, patientRequestId, responseId);
  if (study) return { request, study, document: null };
  const document = await repo.findDocument(db, userId, patientRequestId, responseId);
  if (document) return { request, study: null, document };
  throw recordNotFound();
};

/** A PDF radiology report: the enhanced report can be made from it. */
export const isEnhanceable = (d: Pick<OwnedDocument, 'content_type' | 'document_request_type'>): boolean => d.content_type === 'application/pdf' && d.document_request_type === 'REPORTS';

/** A library document as the spec's attachment (any row with the document's columns). */
export const toAttachment = (d: Pick<OwnedDocument, 'id' | 'file_name' | 'content_type' | 'document_request_id' | 'document_request_type' | 'created_at'>): LibraryAttachment => ({
  id: d.id,
  file_name: d.file_name,
  content_type: d.content_type,
  document_request_id: d.document_request_id,
  document_request_type: d.document_request_type,
  created: new Date(d.created_at).toISOString(),
  enhanceable: isEnhanceable(d),
});

/** The patient's name on a request: the name kept with it, else the account holder's. */
export const patientNameOf = (r: OwnedRequest): string =>
  [r.patient_first_name ?? r.holder_first_name, r.patient_last_name ?? r.holder_last_name].filter(Boolean).join(' ') || 'Unknown patient';

/** The facility of a request, or 'Self Uploaded' for the patient's own upload (records spec §3). */
export const facilityOf = (r: OwnedRequest): string => (r.manual_upload || !r.custodian_name ? 'Self Uploaded' : r.custodian_name);
