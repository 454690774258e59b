import { createHash } from 'node:crypto';

/**
 * The id of a document request an older `patient-request-submitted` event did not carry: a hash of
 * the request id and the type, shaped as a uuid, so every replay of the event derives the same one.
 */
export const derivedDocumentRequestId = (patientRequestId: string, type: string): string => {
  const h = createHash('sha256').update(`document-request:${patientRequestId}:${type}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
