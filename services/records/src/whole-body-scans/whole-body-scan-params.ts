import { ParseUUIDPipe } from '@nestjs/common';
import {
  consultationNotFound,
  documentNotFound,
  findingNotFound,
  followUpNotFound,
  scanNotFound,
  videoReportNotFound,
} from './whole-body-scans.errors';

/** An id that is no uuid names nothing of the caller's: 404, like a missing one. */
const uuid = (error: () => Error) => new ParseUUIDPipe({ exceptionFactory: error });
export const scanIdParam = uuid(scanNotFound);
export const findingIdParam = uuid(findingNotFound);
export const documentIdParam = uuid(documentNotFound);
export const videoReportIdParam = uuid(videoReportNotFound);
export const followUpIdParam = uuid(followUpNotFound);
export const consultationIdParam = uuid(consultationNotFound);
