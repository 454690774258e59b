import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  type GeneratedPatientRequest,
  generatePatientRequestSchema,
  SMART_FHIR_API,
} from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import { GeneratePatientRequest } from './generate-patient-request';

@ApiTags('records')
@Controller()
export class GeneratePatientRequestController {
  constructor(private readonly generate: GeneratePatientRequest) {}

  /** POST /api/smartFhir/generatePatientRequestFromCfindResponse: 201 GeneratedPatientRequest. */
  @Roles('PATIENT', 'SMART_FHIR')
  @Post(apiRoute(SMART_FHIR_API.generatePatientRequestFromCfindResponse))
  generateRequest(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(generatePatientRequestSchema)) body: { cfindResponseId: string },
    @RequestCaller() caller: Caller,
  ): Promise<GeneratedPatientRequest> {
    return this.generate.execute(user.sub, body.cfindResponseId, caller);
  }
}
