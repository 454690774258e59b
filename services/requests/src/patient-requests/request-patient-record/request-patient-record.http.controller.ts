import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  type RequestPatientRecordPayload,
  requestPatientRecordSchema,
  REQUESTS_API,
  type SubmitPatientRequestAnswer,
} from '@portal/contracts';
import {
  ActFor,
  type Caller,
  Consumes,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import { RequestPatientRecord } from './request-patient-record';

const payload = validate(requestPatientRecordSchema);
/** The drawn signature (a PNG data URL of up to 2 MB) and the wizard's answers. */
const withSignature = Consumes('application/json', 3 * 1024 * 1024);

@ApiTags('requests')
@Controller()
export class RequestPatientRecordController {
  constructor(private readonly requestPatientRecord: RequestPatientRecord) {}

  /** POST /api/requestRecord/requestPatientRecord. */
  @Roles('PATIENT')
  @ActFor('requests', 'REQUEST_RECORDS')
  @Post(apiRoute(REQUESTS_API.requestPatientRecord))
  @withSignature
  submit(
    @CurrentUser() user: CurrentUserClaims,
    @Body(payload) body: RequestPatientRecordPayload,
    @RequestCaller() caller: Caller,
  ): Promise<SubmitPatientRequestAnswer> {
    return this.requestPatientRecord.execute(body, 'patient', user, caller);
  }

  /** POST /api/requestRecord/requestPatientRecord/external-request: the facility-branded wizard (requestFrom RECORD_CUSTODIAN). */
  @Roles('PATIENT')
  @Post(apiRoute(REQUESTS_API.requestPatientRecordExternal))
  @withSignature
  submitExternal(
    @CurrentUser() user: CurrentUserClaims,
    @Body(payload) body: RequestPatientRecordPayload,
    @RequestCaller() caller: Caller,
  ): Promise<SubmitPatientRequestAnswer> {
    return this.requestPatientRecord.execute(body, 'external', user, caller);
  }

  /** POST /api/requestRecord/addProviderRequest: a provider asks for a patient's records (no MRN). */
  @Roles('EXTERNAL_PROVIDER')
  @Post(apiRoute(REQUESTS_API.addProviderRequest))
  @withSignature
  addProviderRequest(
    @CurrentUser() user: CurrentUserClaims,
    @Body(payload) body: RequestPatientRecordPayload,
    @RequestCaller() caller: Caller,
  ): Promise<SubmitPatientRequestAnswer> {
    return this.requestPatientRecord.execute(body, 'provider', user, caller);
  }
}
