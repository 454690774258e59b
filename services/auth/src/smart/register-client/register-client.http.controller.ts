import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, SMART_API, smartClientRegistrationSchema } from '@portal/contracts';
import { type Caller, Public, RequestCaller, validate } from '@portal/server-kit';
import { type ClientRegistration, RegisterClient } from './register-client';

@ApiTags('smart')
@Controller()
export class RegisterClientController {
  constructor(private readonly registerClient: RegisterClient) {}

  /** POST /api/smart/register: RFC 7591 dynamic client registration; 201 with client_id (and a secret for confidential clients). */
  @Public()
  @Post(apiRoute(SMART_API.register))
  @HttpCode(201)
  register(
    @Body(validate(smartClientRegistrationSchema)) body: ClientRegistration,
    @RequestCaller() caller: Caller,
  ) {
    return this.registerClient.execute(body, caller);
  }
}
