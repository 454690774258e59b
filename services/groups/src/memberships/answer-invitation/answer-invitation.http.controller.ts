import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, membershipSchema, PENDING_APPROVAL_API } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { AnswerInvitation } from './answer-invitation';

/** The invited person's answers (any signed-in user: an invitation may be to any role). */
@ApiTags('groups')
@Controller()
export class AnswerInvitationController {
  constructor(private readonly answerInvitation: AnswerInvitation) {}

  /** POST /api/pendingApproval/acceptInvite: the membership becomes active with the permissions shown; 'OK'. */
  @ApiOperation({ summary: 'Accept an invitation to a group' })
  @HttpCode(200)
  @Post(apiRoute(PENDING_APPROVAL_API.acceptInvite))
  accept(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(membershipSchema)) body: InferType<typeof membershipSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<'OK'> {
    return this.answerInvitation.execute(user.sub, body.membershipId, 'ACTIVE', caller);
  }

  /** POST /api/pendingApproval/rejectInvite: nobody gets any access; 'OK'. */
  @ApiOperation({ summary: 'Reject an invitation to a group' })
  @HttpCode(200)
  @Post(apiRoute(PENDING_APPROVAL_API.rejectInvite))
  reject(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(membershipSchema)) body: InferType<typeof membershipSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<'OK'> {
    return this.answerInvitation.execute(user.sub, body.membershipId, 'REJECTED', caller);
  }
}
