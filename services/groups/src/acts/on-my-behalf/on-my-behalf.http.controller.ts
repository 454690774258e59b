import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, type GroupLogPage, GROUPS_API, pageQuerySchema } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { OnMyBehalf } from './on-my-behalf';

@ApiTags('groups')
@Controller()
export class OnMyBehalfController {
  constructor(private readonly onMyBehalf: OnMyBehalf) {}

  /** GET /api/groups/onMyBehalf (any signed-in user): what coordinators did for the caller, newest first. */
  @ApiOperation({ summary: 'Done on your behalf' })
  @Get(apiRoute(GROUPS_API.onMyBehalf))
  list(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(pageQuerySchema)) q: InferType<typeof pageQuerySchema>,
  ): Promise<GroupLogPage> {
    return this.onMyBehalf.execute(user.sub, q);
  }
}
