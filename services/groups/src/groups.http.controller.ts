import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext, Roles } from '@portal/server-kit';

@ApiTags('groups')
@Controller('groups')
export class GroupsController {
  constructor(@InjectContext('groups') private readonly kit: ContextKit) {}

  /** GET /api/groups/loadGrid: the tabs of a coordinator or admin, only groups the caller belongs to. */
  @Roles('MEDICAL_COORDINATOR', 'GROUP_ADMIN')
  @Get('loadGrid')
  async loadGrid(@CurrentUser() user: CurrentUserClaims) {
    const rows: Array<{ id: string; name: string; organization_type: string; members: number }> = await this.kit.ds.query(
      `SELECT g.id, g.name, g.organization_type, (SELECT count(*)::int FROM groups.members x WHERE x.group_id = g.id AND x.member_role = 'PATIENT') AS members
       FROM groups.groups g JOIN groups.members m ON m.group_id = g.id AND m.user_id = $1 ORDER BY g.name`,
      [user.sub],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, organization_type: { mnemonic: r.organization_type }, patientCount: r.members }));
  }
}
