import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, RECORDS_API, sharedStarSchema, type StarAnswer } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { SharedStarResponse } from './shared-star-response';

@ApiTags('records')
@Controller()
export class SharedStarResponseController {
  constructor(private readonly sharedStarResponse: SharedStarResponse) {}

  /** POST /api/sharedWithMe/starResponse. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @Post(apiRoute(RECORDS_API.sharedStarResponse))
  @HttpCode(200)
  star(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(sharedStarSchema)) body: InferType<typeof sharedStarSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<StarAnswer> {
    return this.sharedStarResponse.execute(user.sub, body, caller);
  }
}
