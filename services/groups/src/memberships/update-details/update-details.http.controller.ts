import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, type GroupMember, GROUPS_API, updateDetailsSchema } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { UpdateDetails } from './update-details';

@ApiTags('groups')
@Controller()
export class UpdateDetailsController {
  constructor(private readonly updateDetails: UpdateDetails) {}

  /** POST /api/groups/updateDetails: a coordinator's permissions and expiry, a patient's expiry (admin); the GroupMember. */
  @ApiOperation({ summary: "Change a coordinator's permissions or a membership's expiry" })
  @Roles('MEDICAL_COORDINATOR', 'GROUP_ADMIN')
  @HttpCode(200)
  @Post(apiRoute(GROUPS_API.updateDetails))
  update(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(updateDetailsSchema)) body: InferType<typeof updateDetailsSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<GroupMember> {
    return this.updateDetails.execute(user.sub, body, caller);
  }
}
