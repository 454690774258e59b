import { ParseUUIDPipe } from '@nestjs/common';
import { meetingNotFound } from './video-meetings.errors';

/** A meeting or participant id that is not a uuid names nothing: the same 404 as an unknown one. */
export const meetingIdParam = new ParseUUIDPipe({ exceptionFactory: () => meetingNotFound() });
