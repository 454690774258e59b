import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { InferType } from 'yup';
import {
  apiRoute,
  MEETING_TOKEN_HEADER,
  type RoomEvents,
  type SignalInput,
  signalSchema,
  VIDEO_MEETING_API,
} from '@portal/contracts';
import { badRequest, CurrentUser, type CurrentUserClaims, validate } from '@portal/server-kit';
import { meetingIdParam } from '../meeting-params';
import { RoomSignals } from './room-signals';

const ROUTE = apiRoute(VIDEO_MEETING_API.signals, 'meetingId', 'participantId');

/** A cursor is a sequence number the poll answered before (0 before any). */
const cursorOf = (raw: string | undefined): number => {
  const n = raw === undefined || raw === '' ? 0 : Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw badRequest('after must be a non-negative integer');
  return n;
};

@ApiTags('video meetings')
@Controller()
export class RoomSignalsController {
  constructor(private readonly signals: RoomSignals) {}

  /** GET /api/videoMeeting/{meetingId}/{participantId}/signals?after=: the room's events for the caller (long poll). */
  @Get(ROUTE)
  poll(
    @CurrentUser() user: CurrentUserClaims,
    @Param('meetingId', meetingIdParam) meetingId: string,
    @Param('participantId', meetingIdParam) participantId: string,
    @Headers(MEETING_TOKEN_HEADER) token: string | undefined,
    @Query('after') after: string | undefined,
  ): Promise<RoomEvents> {
    return this.signals.poll(meetingId, participantId, user.sub, token, cursorOf(after));
  }

  /** POST /api/videoMeeting/{meetingId}/{participantId}/signals SignalInput: one offer, answer or candidate to a peer. */
  @Post(ROUTE)
  @HttpCode(204)
  send(
    @CurrentUser() user: CurrentUserClaims,
    @Param('meetingId', meetingIdParam) meetingId: string,
    @Param('participantId', meetingIdParam) participantId: string,
    @Headers(MEETING_TOKEN_HEADER) token: string | undefined,
    @Body(validate(signalSchema)) body: InferType<typeof signalSchema>,
  ): Promise<void> {
    return this.signals.send(meetingId, participantId, user.sub, token, body as SignalInput);
  }
}
