import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MESSAGES, patientRequestSchema, type SubmitPatientRequestAnswer } from '@portal/contracts';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { SubmitPatientRequest } from './submit-patient-request';

@ApiTags('requests')
@Controller('requestRecord')
export class SubmitPatientRequestController {
  constructor(private readonly submitPatientRequest: SubmitPatientRequest) {}

  /** POST /api/requestRecord/requestPatientRecord (first slice: custodian, record types, notes). */
  @Roles('PATIENT')
  @Post('requestPatientRecord')
  async submit(@CurrentUser() user: CurrentUserClaims, @Body(validate(patientRequestSchema)) body: InferType<typeof patientRequestSchema>, @RequestCaller() caller: Caller): Promise<SubmitPatientRequestAnswer> {
    const id = await this.submitPatientRequest.execute(
      {
        userId: user.sub,
        personId: user.personId,
        custodianId: body.custodian_id,
        patient: { firstName: body.patientFirstName, lastName: body.patientLastName, dateOfBirth: body.patientDOB },
        docReqTypes: body.docReqType,
        notes: body.notes,
      },
      caller,
    );
    return { id, message: MESSAGES.requestGenerated };
  }
}
