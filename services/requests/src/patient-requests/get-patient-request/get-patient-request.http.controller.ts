import { Controller, Get, Param, ParseUUIDPipe, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import type { PatientRequestDetails } from '@portal/contracts';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller } from '@portal/server-kit';
import { patientRequestNotFound } from '../../requests.errors';
import { GetPatientRequest } from './get-patient-request';

/** An id that is no uuid is a request that does not exist (404), not a malformed call. */
const requestId = new ParseUUIDPipe({ exceptionFactory: () => patientRequestNotFound() });

@ApiTags('requests')
@Controller('requestRecord')
export class GetPatientRequestController {
  constructor(private readonly getPatientRequest: GetPatientRequest) {}

  /** GET /api/requestRecord/patientRequest/{id} (the owner). */
  @Get('patientRequest/:id')
  get(@CurrentUser() user: CurrentUserClaims, @Param('id', requestId) id: string, @RequestCaller() caller: Caller): Promise<PatientRequestDetails> {
    return this.getPatientRequest.details(user.sub, id, caller);
  }

  /** GET /api/requestRecord/authorizationForm/{id} (the owner): the signed form, a PDF. */
  @Get('authorizationForm/:id')
  async form(@CurrentUser() user: CurrentUserClaims, @Param('id', requestId) id: string, @RequestCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const pdf = await this.getPatientRequest.authorizationForm(user.sub, id, caller);
    // Headers only once the form is there: a refusal stays a JSON error body.
    reply.headers({ 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="authorization-form.pdf"', 'cache-control': 'private, no-store' });
    return pdf;
  }
}
