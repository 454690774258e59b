import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { assertOwner, type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext } from '@portal/server-kit';
import { PersonEntity } from '../entities';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@ApiTags('identity')
@Controller('myIdentity')
export class IdentityController {
  constructor(@InjectContext('auth') private readonly kit: ContextKit) {}

  /** GET /api/myIdentity/getPerson?personId=&full=: the caller's own person; anyone else's answers 404. */
  @Get('getPerson')
  async getPerson(@CurrentUser() user: CurrentUserClaims, @Query('personId') personId?: string) {
    const id = personId && UUID.test(personId) ? personId : personId ? null : user.personId;
    const person = id ? await this.kit.ds.getRepository(PersonEntity).findOneBy({ id }) : null;
    const p = assertOwner(person, user, 'userId', 'Person');
    return {
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      middleName: p.middleName,
      dateOfBirth: p.dateOfBirth,
      email: p.email,
      phone: p.phone,
      country_code: p.countryCode,
    };
  }
}
