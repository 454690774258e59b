import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext, Roles } from '@portal/server-kit';

@ApiTags('sharing')
@Controller()
export class SharedUsersController {
  constructor(@InjectContext('sharing') private readonly kit: ContextKit) {}

  /** GET /api/getSharedUsersList: the people the caller shares with, with their study count or 'All Records'. */
  @Roles('PATIENT')
  @Get('getSharedUsersList')
  async list(@CurrentUser() user: CurrentUserClaims) {
    const rows: Array<{ id: string; first_name: string; last_name: string; email: string; relationship: string; all_records: boolean; is_enabled: boolean; recipient_user_id: string | null; n: number }> =
      await this.kit.ds.query(
        `SELECT r.*, (SELECT count(*)::int FROM sharing.grants g WHERE g.recipient_id = r.id) AS n
         FROM sharing.recipients r WHERE r.owner_user_id = $1 ORDER BY r.created_at`,
        [user.sub],
      );
    return rows.map((r) => ({
      firstName: r.first_name,
      lastName: r.last_name,
      name: `${r.first_name} ${r.last_name}`,
      email: r.email,
      relationship: r.relationship,
      is_enabled: r.is_enabled,
      patient_portal_user_id: r.recipient_user_id ?? r.id,
      study_count: r.all_records ? 'All Records' : r.n,
    }));
  }
}
