import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, type GroupRoles, GROUPS_API } from '@portal/contracts';
import { Roles } from '@portal/server-kit';
import { GetRoles } from './get-roles';

@ApiTags('groups')
@Controller()
export class GetRolesController {
  constructor(private readonly getRoles: GetRoles) {}

  /** GET /api/groups/getRoles: the roles a member may be added with and the permissions there are. */
  @ApiOperation({ summary: 'Member roles and permissions' })
  @Roles('MEDICAL_COORDINATOR', 'GROUP_ADMIN')
  @Get(apiRoute(GROUPS_API.getRoles))
  get(): GroupRoles {
    return this.getRoles.execute();
  }
}
