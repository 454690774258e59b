import { ParseUUIDPipe } from '@nestjs/common';
import { attachmentNotFound, recordNotFound } from './attachments.errors';

/** An id that is no uuid names nothing of the caller's: 404, like a missing one. */
export const patientRequestIdParam = new ParseUUIDPipe({ exceptionFactory: () => recordNotFound() });
export const responseIdParam = new ParseUUIDPipe({ exceptionFactory: () => recordNotFound() });
export const attachmentIdParam = new ParseUUIDPipe({ exceptionFactory: () => attachmentNotFound() });
