import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, type GroupDetails, GROUPS_API, updateGroupInfoSchema } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { UpdateGroupInfo } from './update-group-info';

@ApiTags('groups')
@Controller()
export class UpdateGroupInfoController {
  constructor(private readonly updateGroupInfo: UpdateGroupInfo) {}

  /** POST /api/groups/updateGroupInfo (admin): the group's name, description and contact; the GroupDetails. */
  @ApiOperation({ summary: "Edit the group's information" })
  @Roles('MEDICAL_COORDINATOR', 'GROUP_ADMIN')
  @HttpCode(200)
  @Post(apiRoute(GROUPS_API.updateGroupInfo))
  update(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(updateGroupInfoSchema)) body: InferType<typeof updateGroupInfoSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<GroupDetails> {
    return this.updateGroupInfo.execute(user.sub, body, caller);
  }
}
