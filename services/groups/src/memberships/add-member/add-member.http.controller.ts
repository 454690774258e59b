import { Body, Controller, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { addMemberSchema, apiRoute, type GroupMember, GROUPS_API } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { AddMember } from './add-member';

@ApiTags('groups')
@Controller()
export class AddMemberController {
  constructor(private readonly addMember: AddMember) {}

  /** POST /api/groups/addMember: invites a patient (staff) or a coordinator (admin); the new GroupMember. */
  @ApiOperation({ summary: 'Invite a patient or a coordinator to a patient group' })
  @Roles('MEDICAL_COORDINATOR', 'GROUP_ADMIN')
  @Post(apiRoute(GROUPS_API.addMember))
  add(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(addMemberSchema)) body: InferType<typeof addMemberSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<GroupMember> {
    return this.addMember.execute(user.sub, body, caller);
  }
}
