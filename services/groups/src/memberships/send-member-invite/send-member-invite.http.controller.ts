import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, GROUPS_API, membershipSchema } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { SendMemberInvite } from './send-member-invite';

@ApiTags('groups')
@Controller()
export class SendMemberInviteController {
  constructor(private readonly sendMemberInvite: SendMemberInvite) {}

  /** POST /api/groups/sendMemberInvite: mails a pending invitation again; 'OK'. */
  @ApiOperation({ summary: 'Mail a pending invitation again' })
  @Roles('MEDICAL_COORDINATOR', 'GROUP_ADMIN')
  @HttpCode(200)
  @Post(apiRoute(GROUPS_API.sendMemberInvite))
  send(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(membershipSchema)) body: InferType<typeof membershipSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<'OK'> {
    return this.sendMemberInvite.execute(user.sub, body.membershipId, caller);
  }
}
