import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, GROUPS_API, type Worklist, worklistQuerySchema } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetWorklist } from './worklist';

@ApiTags('groups')
@Controller()
export class WorklistController {
  constructor(private readonly worklist: GetWorklist) {}

  /** GET /api/groups/worklist: pending invitations, memberships expiring soon, members missing an ID. */
  @ApiOperation({ summary: "The coordinator's worklist across their groups" })
  @Roles('MEDICAL_COORDINATOR', 'GROUP_ADMIN')
  @Get(apiRoute(GROUPS_API.worklist))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(worklistQuerySchema)) q: InferType<typeof worklistQuerySchema>,
  ): Promise<Worklist> {
    return this.worklist.execute(user.sub, q);
  }
}
