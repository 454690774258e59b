import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, REQUESTS_API, sendEmailToExternalProvidersSchema } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { SendProviderEmails } from './send-provider-emails';

@ApiTags('requests')
@Controller()
export class SendProviderEmailsController {
  constructor(private readonly sendProviderEmails: SendProviderEmails) {}

  /** POST /api/requestRecord/sendEmailToExternalProviders (the request's owner). */
  @Post(apiRoute(REQUESTS_API.sendEmailToExternalProviders))
  send(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(sendEmailToExternalProvidersSchema))
    body: InferType<typeof sendEmailToExternalProvidersSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<{ message: string }> {
    return this.sendProviderEmails.execute(
      user.sub,
      body.patientRequestId,
      body.externalProviderEmails,
      caller,
    );
  }
}
