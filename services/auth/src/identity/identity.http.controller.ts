import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { assertOwner, type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext } from '@portal/server-kit';
const PERSON_SQL = `SELECT id, user_id AS "userId", first_name AS "firstName", last_name AS "lastName", middle_name AS "middleName",
  to_char(date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth", email, phone, country_code FROM auth.persons WHERE id = $1`;

interface PersonRow {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  dateOfBirth: string;
  email: string;
  phone: string | null;
  country_code: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@ApiTags('identity')
@Controller('myIdentity')
export class IdentityController {
  constructor(@InjectContext('auth') private readonly kit: ContextKit) {}

  /** GET /api/myIdentity/getPerson?personId=&full=: the caller's own person; anyone else's answers 404. */
  @Get('getPerson')
  async getPerson(@CurrentUser() user: CurrentUserClaims, @Query('personId') personId?: string) {
    const id = personId && UUID.test(personId) ? personId : personId ? null : user.personId;
    // A plain indexed read: this is the hottest call of the settings pages.
    const [person]: PersonRow[] = id ? await this.kit.ds.query(PERSON_SQL, [id]) : [];
    const { userId: _owner, ...p } = assertOwner(person, user, 'userId', 'Person');
    return p;
  }
}
