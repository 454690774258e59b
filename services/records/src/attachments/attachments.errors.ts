import { notFound } from '@portal/server-kit';

/** Every failure of attachments and downloads. Another user's ids answer exactly like missing ones. */
export const recordNotFound = () => notFound('Record');
export const attachmentNotFound = () => notFound('Attachment');
/** An identifier that is unknown or expired. */
export const downloadNotFound = () => notFound('Download');
