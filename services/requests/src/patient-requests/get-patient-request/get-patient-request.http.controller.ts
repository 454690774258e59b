import { Controller, Get, Param, ParseUUIDPipe, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type PatientRequestDetails, REQUESTS_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  sendFile,
} from '@portal/server-kit';
import { patientRequestNotFound } from '../../requests.errors';
import { GetPatientRequest } from './get-patient-request';

/** An id that is no uuid is a request that does not exist (404), not a malformed call. */
const requestId = new ParseUUIDPipe({ exceptionFactory: () => patientRequestNotFound() });

@ApiTags('requests')
@Controller()
export class GetPatientRequestController {
  constructor(private readonly getPatientRequest: GetPatientRequest) {}

  /** GET /api/requestRecord/patientRequest/{id} (the owner). */
  @ActFor('requests', 'VIEW_RECORDS')
  @Get(apiRoute(REQUESTS_API.patientRequest, 'id'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', requestId) id: string,
    @RequestCaller() caller: Caller,
  ): Promise<PatientRequestDetails> {
    return this.getPatientRequest.details(user.sub, id, caller);
  }

  /** GET /api/requestRecord/authorizationForm/{id} (the owner): the signed form, a PDF. */
  @ActFor('requests', 'VIEW_RECORDS')
  @Get(apiRoute(REQUESTS_API.authorizationForm, 'id'))
  async form(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', requestId) id: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const pdf = await this.getPatientRequest.authorizationForm(user.sub, id, caller);
    return sendFile(reply, {
      body: pdf,
      contentType: 'application/pdf',
      fileName: 'authorization-form.pdf',
      disposition: 'inline',
    });
  }
}
