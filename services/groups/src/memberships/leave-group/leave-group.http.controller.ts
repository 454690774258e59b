import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, GROUPS_API, membershipSchema } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { LeaveGroup } from './leave-group';

@ApiTags('groups')
@Controller()
export class LeaveGroupController {
  constructor(private readonly leaveGroup: LeaveGroup) {}

  /** POST /api/groups/leaveGroup (the member, any role): every permission the membership gave ends at once; 'OK'. */
  @ApiOperation({ summary: 'Leave a group (the member)' })
  @HttpCode(200)
  @Post(apiRoute(GROUPS_API.leaveGroup))
  leave(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(membershipSchema)) body: InferType<typeof membershipSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<'OK'> {
    return this.leaveGroup.execute(user.sub, body.membershipId, caller);
  }
}
