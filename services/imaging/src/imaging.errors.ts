import { MESSAGES } from '@portal/contracts';
import { AppError, notFound, unauthenticated } from '@portal/server-kit';

/** Every failure the imaging context answers with, in the shared vocabulary (DICOM reading errors live with the reader in server-kit). */
export { notDicom } from '@portal/server-kit';

/** A study the caller may not see answers exactly like a missing one, so UIDs cannot be probed. */
export const studyNotFound = () => notFound('Study');
/** The study is the caller's, but its pixel data cannot be decoded: the client shows its placeholder. */
export const noPreview = () => new AppError('RESOURCE.NOT_FOUND', MESSAGES.noPreview);
/** A viewer token used on a study it was not issued for. */
export const tokenNotForStudy = () => new AppError('AUTH.FORBIDDEN', 'This viewer link does not open that study');
/** A viewer token of a public link that was revoked or has expired. */
export const linkUnavailable = () => unauthenticated(MESSAGES.viewerLinkUnavailable);
/** An instance (or a frame of it) the reader's study does not have: answered like a missing study's. */
export const instanceNotFound = () => notFound('Image');
