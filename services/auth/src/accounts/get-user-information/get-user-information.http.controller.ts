import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, getUserInformationSchema } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetUserInformation } from './get-user-information';

@ApiTags('auth')
@Controller()
export class GetUserInformationController {
  constructor(private readonly getUserInformation: GetUserInformation) {}

  /** POST /api/getUserInformation {email}, signed-in callers only: answers a JSON string (the caller's own person id, else 'Person entry not found'). */
  @Post(apiRoute(AUTH_API.getUserInformation))
  @HttpCode(200)
  @Header('content-type', 'application/json; charset=utf-8')
  async lookup(
    @CurrentUser() claims: CurrentUserClaims,
    @Body(validate(getUserInformationSchema)) body: InferType<typeof getUserInformationSchema>,
  ): Promise<string> {
    return JSON.stringify(await this.getUserInformation.execute(claims, body.email));
  }
}
