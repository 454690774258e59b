import type { LibraryAttachment } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import type { AttachmentRepository, OwnedDocument, OwnedRequest, OwnedStudy } from './attachment.repository';
import { attachmentNotFound, recordNotFound } from './attachments.errors';
import type { SharedAccess } from '../library/shared-access';

/** An approved response of the caller's request: one of its studies or one of its documents. */
export type OwnedResponse = { request: OwnedRequest } & (
  { study: OwnedStudy; document: null } | { study: null; document: OwnedDocument }
);

/**
 * The caller's request, or, given the shared access check, a sharer's some record of which is shared
 * with the caller (then `sharer` names the owner); 404 for anything else. The one start of every read of
 * a record of the library, for its owner and for the people it is shared with alike.
 */
export const readableRequest = async (
  repo: AttachmentRepository,
  db: Queryable,
  userId: string,
  patientRequestId: string,
  shared?: SharedAccess,
): Promise<{ request: OwnedRequest; sharer: string | null }> => {
  const own = await repo.findOwnedRequest(db, userId, patientRequestId);
  if (own) return { request: own, sharer: null };
  const sharer = (await shared?.ownerOfRequest(db, userId, patientRequestId)) ?? null;
  const request = sharer ? await repo.findOwnedRequest(db, sharer, patientRequestId) : null;
  if (!request) throw recordNotFound();
  return { request, sharer };
};

/**
 * The caller's request and its response (a study's or a document's id), or, given the shared access
 * check, a sharer's whose grant to the caller covers that response; 404 for anything else.
 */
export const ownedResponse = async (
  repo: AttachmentRepository,
  db: Queryable,
  userId: string,
  patientRequestId: string,
  responseId: string,
  shared?: SharedAccess,
): Promise<OwnedResponse> => {
  const { request, sharer } = await readableRequest(repo, db, userId, patientRequestId, shared);
  const owner = request.user_id;
  const study = await repo.findStudy(db, owner, patientRequestId, responseId);
  const document = study ? null : await repo.findDocument(db, owner, patientRequestId, responseId);
  if (!study && !document) throw recordNotFound();
  if (
    sharer &&
    !(await shared!.canSee(db, userId, {
      patientRequestId,
      studyUid: study?.study_instance_uid ?? null,
      documentId: document?.id ?? null,
    }))
  )
    throw recordNotFound();
  return study ? { request, study, document: null } : { request, study: null, document: document! };
};

/**
 * One attachment (a document) of a request the caller may read: the owner's any, a sharer's when the
 * grant covers the document itself or a study of its request (whose attachments list it, see
 * GetAttachments). Another request: 'Record not found'; another document: 'Attachment not found'.
 */
export const readableAttachment = async (
  repo: AttachmentRepository,
  db: Queryable,
  userId: string,
  patientRequestId: string,
  attachmentId: string,
  shared?: SharedAccess,
): Promise<{ request: OwnedRequest; document: OwnedDocument }> => {
  const { request, sharer } = await readableRequest(repo, db, userId, patientRequestId, shared);
  const document = await repo.findDocument(db, request.user_id, patientRequestId, attachmentId);
  if (!document) throw attachmentNotFound();
  if (sharer && !(await shared!.canOpenAttachment(db, userId, patientRequestId, document.id)))
    throw attachmentNotFound();
  return { request, document };
};

/** A PDF radiology report: the enhanced report can be made from it. */
export const isEnhanceable = (d: Pick<OwnedDocument, 'content_type' | 'document_request_type'>): boolean =>
  d.content_type === 'application/pdf' && d.document_request_type === 'REPORTS';

/** A library document as the spec's attachment (any row with the document's columns). */
/**
 * A document as the record view lists it. `ownerReads` false (a person it is shared with): not
 * enhanceable, since the enhanced report is made and read by the owner alone (its routes answer no one else).
 */
export const toAttachment = (
  d: Pick<
    OwnedDocument,
    'id' | 'file_name' | 'content_type' | 'document_request_id' | 'document_request_type' | 'created_at'
  >,
  ownerReads = true,
): LibraryAttachment => ({
  id: d.id,
  file_name: d.file_name,
  content_type: d.content_type,
  document_request_id: d.document_request_id,
  document_request_type: d.document_request_type,
  created: new Date(d.created_at).toISOString(),
  enhanceable: ownerReads && isEnhanceable(d),
});

/** The patient's name on a request: the name kept with it, else the account holder's. */
export const patientNameOf = (r: OwnedRequest): string =>
  [r.patient_first_name ?? r.holder_first_name, r.patient_last_name ?? r.holder_last_name]
    .filter(Boolean)
    .join(' ') || 'Unknown patient';

/** The facility of a request, or 'Self Uploaded' for the patient's own upload (records spec §3). */
export const facilityOf = (r: OwnedRequest): string =>
  r.manual_upload || !r.custodian_name ? 'Self Uploaded' : r.custodian_name;
