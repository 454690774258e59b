import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type Custodian, REQUESTS_API, unlistedFacilitySchema } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { AddUnlistedFacility } from './add-unlisted-facility';

@ApiTags('requests')
@Controller()
export class AddUnlistedFacilityController {
  constructor(private readonly addUnlistedFacility: AddUnlistedFacility) {}

  /** POST /api/requestRecord/unlistedFacility {name, address, phone, email} (PATIENT): the caller's own facility entry. */
  @Roles('PATIENT')
  @ActFor('requests', 'REQUEST_RECORDS')
  @Post(apiRoute(REQUESTS_API.unlistedFacility))
  add(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(unlistedFacilitySchema)) body: InferType<typeof unlistedFacilitySchema>,
    @RequestCaller() caller: Caller,
  ): Promise<Custodian> {
    return this.addUnlistedFacility.execute(user.sub, body, caller);
  }
}
