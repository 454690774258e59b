import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type RequestPatientRecordPayload, requestPatientRecordSchema, type SubmitPatientRequestAnswer } from '@portal/contracts';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller, Roles, validate } from '@portal/server-kit';
import { RequestPatientRecord } from './request-patient-record';

const payload = validate(requestPatientRecordSchema);

@ApiTags('requests')
@Controller('requestRecord')
export class RequestPatientRecordController {
  constructor(private readonly requestPatientRecord: RequestPatientRecord) {}

  /** POST /api/requestRecord/requestPatientRecord. */
  @Roles('PATIENT')
  @Post('requestPatientRecord')
  submit(@CurrentUser() user: CurrentUserClaims, @Body(payload) body: RequestPatientRecordPayload, @RequestCaller() caller: Caller): Promise<SubmitPatientRequestAnswer> {
    return this.requestPatientRecord.execute(body, 'patient', user, caller);
  }

  /** POST /api/requestRecord/requestPatientRecord/external-request: the facility-branded wizard (requestFrom RECORD_CUSTODIAN). */
  @Roles('PATIENT')
  @Post('requestPatientRecord/external-request')
  submitExternal(@CurrentUser() user: CurrentUserClaims, @Body(payload) body: RequestPatientRecordPayload, @RequestCaller() caller: Caller): Promise<SubmitPatientRequestAnswer> {
    return this.requestPatientRecord.execute(body, 'external', user, caller);
  }

  /** POST /api/requestRecord/addProviderRequest: a provider asks for a patient's records (no MRN). */
  @Roles('EXTERNAL_PROVIDER')
  @Post('addProviderRequest')
  addProviderRequest(@CurrentUser() user: CurrentUserClaims, @Body(payload) body: RequestPatientRecordPayload, @RequestCaller() caller: Caller): Promise<SubmitPatientRequestAnswer> {
    return this.requestPatientRecord.execute(body, 'provider', user, caller);
  }
}
