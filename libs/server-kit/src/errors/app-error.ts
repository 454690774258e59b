import { ERROR_STATUS, errorBody, type ErrorBody, type ErrorCode } from '@portal/contracts';

/** A failure in the shared vocabulary; the filter turns it into `{ statusCode, code, message }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.errors);
  }
}

export const notFound = (what = 'Resource'): AppError =>
  new AppError('RESOURCE.NOT_FOUND', `${what} not found`);
export const badRequest = (message: string, errors?: Record<string, string>): AppError =>
  new AppError('REQUEST.VALIDATION_FAILED', message, errors);
/** A rule about one field failed: the message leads and is also that field's message. */
export const fieldInvalid = (field: string, message: string): AppError =>
  badRequest(message, { [field]: message });
export const forbidden = (message = 'You do not have access to this resource'): AppError =>
  new AppError('AUTH.FORBIDDEN', message);
export const unauthenticated = (message = 'Please sign in to continue'): AppError =>
  new AppError('AUTH.UNAUTHENTICATED', message);
