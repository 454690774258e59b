import type { Queryable } from '@portal/server-kit';
import { dataRequestNotFound, documentRequestNotFound } from '../provider.errors';
import type {
  DataRequestRepository,
  StoredDataRequest,
  StoredDocumentRequest,
} from './data-request.repository';

/** A request of the staff member's facilities, or 404 (another facility's id answers like a missing one). */
export const requestOfStaff = async (
  repo: DataRequestRepository,
  db: Queryable,
  userId: string,
  id: string,
  lock = false,
): Promise<StoredDataRequest> => {
  const request = await repo.findForStaff(db, userId, id, lock);
  if (!request) throw dataRequestNotFound();
  return request;
};

export const documentRequestOf = (
  request: StoredDataRequest,
  documentRequestId: string,
): StoredDocumentRequest => {
  const found = request.document_requests.find((d) => d.id === documentRequestId);
  if (!found) throw documentRequestNotFound();
  return found;
};

/** Where the uploads of a document request live; addDocuments keeps only keys under it. */
export const uploadPrefix = (patientRequestId: string, documentRequestId: string): string =>
  `provider/${patientRequestId}/${documentRequestId}`;
