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
import { DeleteMember } from './delete-member';

@ApiTags('groups')
@Controller()
export class DeleteMemberController {
  constructor(private readonly deleteMember: DeleteMember) {}

  /** POST /api/groups/deleteMember: ends a membership at once; 'OK'. */
  @ApiOperation({ summary: 'End a membership of the group at once' })
  @Roles('MEDICAL_COORDINATOR', 'GROUP_ADMIN')
  @HttpCode(200)
  @Post(apiRoute(GROUPS_API.deleteMember))
  remove(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(membershipSchema)) body: InferType<typeof membershipSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<'OK'> {
    return this.deleteMember.execute(user.sub, body.membershipId, caller);
  }
}
