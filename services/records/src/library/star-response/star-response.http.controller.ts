import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, RECORDS_API, type StarAnswer, starSchema } from '@portal/contracts';
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
import { StarResponse } from './star-response';

@ApiTags('records')
@Controller()
export class StarResponseController {
  constructor(private readonly starResponse: StarResponse) {}

  /** POST /api/myRecords/starResponse. */
  @Roles('PATIENT')
  @ActFor('records', 'VIEW_RECORDS')
  @Post(apiRoute(RECORDS_API.starResponse))
  @HttpCode(200)
  star(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(starSchema)) body: InferType<typeof starSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<StarAnswer> {
    return this.starResponse.execute(user.sub, body, true, caller);
  }

  /** POST /api/myRecords/unstarResponse. */
  @Roles('PATIENT')
  @ActFor('records', 'VIEW_RECORDS')
  @Post(apiRoute(RECORDS_API.unstarResponse))
  @HttpCode(200)
  unstar(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(starSchema)) body: InferType<typeof starSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<StarAnswer> {
    return this.starResponse.execute(user.sub, body, false, caller);
  }
}
