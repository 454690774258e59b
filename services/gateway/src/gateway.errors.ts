import { AppError, badRequest } from '@portal/server-kit';
import { errorBody } from '@portal/contracts';

/** Every failure the gateway's own routes answer with, in the shared vocabulary. */
export const mailCaptureOff = () =>
  new AppError('REQUEST.NOT_FOUND', 'Mail capture is off (SMTP_URL is set)');
export const uploadsGoToObjectStore = () =>
  new AppError('REQUEST.NOT_FOUND', 'Uploads go to the object store');
export const noFileSelected = () => badRequest('No file selected');
/** The body a proxied call answers when its context does not (503, shared vocabulary): sent as is, outside Nest. */
export const contextUnavailable = () =>
  errorBody('UPSTREAM.UNAVAILABLE', 'Service unavailable, please try again');
/** What a route that is not there answers (Nest's own words), for routes that hide from callers off this machine. */
export const routeNotFound = (req: { method: string; url: string }) =>
  new AppError('REQUEST.NOT_FOUND', `Cannot ${req.method} ${req.url.split('?')[0]}`);
