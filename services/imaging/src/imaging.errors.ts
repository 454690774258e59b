import { ANNOTATION_MESSAGES, MESSAGES } from '@portal/contracts';
import { AppError, badRequest, notFound, unauthenticated } from '@portal/server-kit';

/** Every failure the imaging context answers with, in the shared vocabulary (DICOM reading errors live with the reader in server-kit). */
export { notDicom } from '@portal/server-kit';

/** A study the caller may not see answers exactly like a missing one, so UIDs cannot be probed. */
export const studyNotFound = () => notFound('Study');
/** The study is the caller's, but its pixel data cannot be decoded: the client shows its placeholder. */
export const noPreview = () => new AppError('RESOURCE.NOT_FOUND', MESSAGES.noPreview);
/** A viewer token used on a study it was not issued for. */
export const tokenNotForStudy = () =>
  new AppError('AUTH.FORBIDDEN', 'This viewer link does not open that study');
/** A viewer token of a public link that was revoked or has expired. */
export const linkUnavailable = () => unauthenticated(MESSAGES.viewerLinkUnavailable);
/** A damaged file, or one that is not DICOM, named so the uploader knows which of many it was. */
export const damagedDicom = (name: string, why?: string) =>
  new AppError('REQUEST.VALIDATION_FAILED', `${name}: ${MESSAGES.damagedDicom}${why ? ` (${why})` : ''}`);
/** A filter of a DICOMweb search that cannot be read. */
export const badSearch = (message: string) => new AppError('REQUEST.VALIDATION_FAILED', message);
/** Frames asked for in a transfer syntax we cannot produce from the stored one. */
export const syntaxNotAcceptable = (asked: string, stored: string) =>
  new AppError(
    'REQUEST.NOT_ACCEPTABLE',
    `Frames are stored as ${stored} and cannot be served as ${asked}; ask for transfer-syntax=* or ${stored}`,
  );
/** No such instance, frame or bulk data of a study the reader sees. */
export const instanceNotFound = (what = 'Instance') => notFound(what);
/** A STOW-RS body that is not multipart/related DICOM. */
export const badStowBody = (why: string) =>
  new AppError('FILE.INVALID_TYPE', `STOW-RS expects multipart/related; type="application/dicom": ${why}`);
/** A frame number the instance does not have. */
export const frameNotFound = () => notFound('Frame');
/** An instance that would take the owner past their storage quota (STORAGE_QUOTA_BYTES). */
export const storageQuotaExceeded = () => new AppError('FILE.TOO_LARGE', MESSAGES.storageQuotaExceeded);
/** A STOW-RS body past its route's limit, counted while it is read. */
export const stowBodyTooLarge = (limit: number) =>
  new AppError('FILE.TOO_LARGE', `The request body is larger than this call takes (${limit} bytes)`);
/** Issue 28: no study move of the caller's for this request (another patient's answers the same). */
export const studyMoveNotFound = () => notFound('Study move');
/** Issue 31: a reader of the study who is not its owner's own session (a share, a link, a facility, a coordinator). */
export const annotationsReadOnly = () => new AppError('AUTH.FORBIDDEN', ANNOTATION_MESSAGES.readOnly);
/** Issue 31: the set was saved since the caller read it (optimistic concurrency); `version` is the stored one. */
export const annotationsConflict = (version: number) =>
  new AppError('RESOURCE.CONFLICT', ANNOTATION_MESSAGES.conflict(version));
/** Issue 31: measurements or key images naming instances or frames the study does not have, by field. */
export const annotationTargetsUnknown = (errors: Record<string, string>) =>
  badRequest(Object.values(errors)[0], errors);
/** Issue 31: a list of the body past its limit, refused before its items are read. */
export const tooManyAnnotations = (field: string, message: string) =>
  badRequest(message, { [field]: message });
