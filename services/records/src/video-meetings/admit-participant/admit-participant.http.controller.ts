import { Body, Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { InferType } from 'yup';
import { admitSchema, apiRoute, MEETING_TOKEN_HEADER, VIDEO_MEETING_API } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  validate,
} from '@portal/server-kit';
import { meetingIdParam } from '../meeting-params';
import { AdmitParticipant } from './admit-participant';

@ApiTags('video meetings')
@Controller()
export class AdmitParticipantController {
  constructor(private readonly admit: AdmitParticipant) {}

  /** POST /api/videoMeeting/{meetingId}/{participantId}/admit {participantId}: the host's room token only. */
  @Post(apiRoute(VIDEO_MEETING_API.admit, 'meetingId', 'participantId'))
  @HttpCode(204)
  post(
    @CurrentUser() user: CurrentUserClaims,
    @Param('meetingId', meetingIdParam) meetingId: string,
    @Param('participantId', meetingIdParam) participantId: string,
    @Headers(MEETING_TOKEN_HEADER) token: string | undefined,
    @Body(validate(admitSchema)) body: InferType<typeof admitSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<void> {
    return this.admit.execute(meetingId, participantId, user.sub, token, body.participantId, caller);
  }
}
