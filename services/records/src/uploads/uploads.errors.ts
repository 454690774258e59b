import { AppError, fieldInvalid, notFound } from '@portal/server-kit';

/** Every failure of a self upload, in the shared vocabulary. */

/** A family member of another user answers exactly like a missing one. */
export const familyMemberNotFound = () => notFound('Family member');
/** A key no self-upload form of this caller handed out (another user's key, a provider's key): refused and left alone. */
export const uploadKeyInvalid = () =>
  fieldInvalid('uploaded_images', 'The file was not uploaded through your upload form');
/** A key already kept by a self upload (the form's key is accepted once). */
export const uploadKeyUsed = () => new AppError('RESOURCE.CONFLICT', 'This upload is already kept');
/** A file whose name breaks the record type's rule (records spec §5 wording). */
export const fileTypeRefused = (message: string) => fieldInvalid('fileName', message);
/** Larger than the record type allows. */
export const fileTooLarge = (maxBytes: number) =>
  new AppError('FILE.TOO_LARGE', `File is larger than ${maxBytes} bytes`);
/** The bytes are not of a type the record type takes (what the blob store answers when it checks the content). */
export const invalidFileType = () => new AppError('FILE.INVALID_TYPE', 'Invalid file type');
