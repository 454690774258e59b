import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, type GroupLogPage, groupLogQuerySchema, GROUPS_API } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetLogs } from './get-logs';

@ApiTags('groups')
@Controller()
export class GetLogsController {
  constructor(private readonly getLogs: GetLogs) {}

  /** GET /api/groups/getLogs (admin of the group): what was done in and for the group, newest first. */
  @ApiOperation({ summary: "The group's logs (admin)" })
  @Roles('MEDICAL_COORDINATOR', 'GROUP_ADMIN')
  @Get(apiRoute(GROUPS_API.getLogs))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(groupLogQuerySchema)) q: InferType<typeof groupLogQuerySchema>,
  ): Promise<GroupLogPage> {
    return this.getLogs.execute(user.sub, q);
  }
}
