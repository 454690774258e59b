import { AppError, notFound } from '@portal/server-kit';

/** Every failure of the library's grid, stars and patient request calls, in the shared vocabulary. */

/** Another user's object answers exactly like a missing one, so ids cannot be probed. */
export const patientRequestNotFound = () => notFound('Patient request');
export const responseNotFound = () => notFound('Record');
export const personNotFound = () => notFound('Person');
/** A person the caller shares with that is not theirs (or unknown): the sharing-details grid. */
export const sharedPersonNotFound = () => notFound('Shared person');
export const libraryDocumentNotFound = () => notFound('Document');
/** An unknown, expired or another user's snapshot identifier. */
export const snapshotNotFound = () => notFound('Grid');
export const snapshotNotReady = () =>
  new AppError('RESOURCE.CONFLICT', 'The grid is still loading; ask checkData until it is ready');
export const snapshotFailed = (reason: string | null) =>
  new AppError(
    'INTERNAL.ERROR',
    `The grid could not be loaded${reason ? `: ${reason}` : ''}. Please load it again.`,
  );
