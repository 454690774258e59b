import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, getPersonQuery } from '@portal/contracts';
import { ActFor, CurrentUser, type CurrentUserClaims, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetPerson } from './get-person';

@ApiTags('identity')
@Controller()
export class GetPersonController {
  constructor(private readonly getPerson: GetPerson) {}

  /** GET /api/myIdentity/getPerson?personId=&full=. */
  @ActFor('auth', 'EDIT_PERSONAL_INFO')
  @Get(apiRoute(AUTH_API.getPerson))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(getPersonQuery)) query: InferType<typeof getPersonQuery>,
  ) {
    return this.getPerson.execute(user, query.personId || undefined, query.full);
  }
}
