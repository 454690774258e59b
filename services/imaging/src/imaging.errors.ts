import { MESSAGES } from '@portal/contracts';
import { AppError, notFound } from '@portal/server-kit';

/** Every failure the imaging context answers with, in the shared vocabulary (DICOM reading errors live with the reader in server-kit). */
export { notDicom } from '@portal/server-kit';

/** A study the caller may not see answers exactly like a missing one, so UIDs cannot be probed. */
export const studyNotFound = () => notFound('Study');
/** The study is the caller's, but its pixel data cannot be decoded: the client shows its placeholder. */
export const noPreview = () => new AppError('RESOURCE.NOT_FOUND', MESSAGES.noPreview);
