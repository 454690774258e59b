import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, type GroupDetails, groupIdQuerySchema, GROUPS_API } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetGroupDetails } from './get-group-details';

@ApiTags('groups')
@Controller()
export class GetGroupDetailsController {
  constructor(private readonly getGroupDetails: GetGroupDetails) {}

  /** GET /api/groups/getDetails?groupId=: the group with its members, staff and patient groups. */
  @ApiOperation({ summary: 'One group as its staff see it' })
  @Roles('MEDICAL_COORDINATOR', 'GROUP_ADMIN')
  @Get(apiRoute(GROUPS_API.getDetails))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(groupIdQuerySchema)) q: InferType<typeof groupIdQuerySchema>,
  ): Promise<GroupDetails> {
    return this.getGroupDetails.execute(user.sub, q.groupId);
  }
}
