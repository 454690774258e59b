import { AppError, badRequest } from '@portal/server-kit';

/** Every failure the gateway's own routes answer with, in the shared vocabulary. */
export const mailCaptureOff = () => new AppError('REQUEST.NOT_FOUND', 'Mail capture is off (SMTP_URL is set)');
export const uploadsGoToObjectStore = () => new AppError('REQUEST.NOT_FOUND', 'Uploads go to the object store');
export const noFileSelected = () => badRequest('No file selected');
