import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type PatientPlusLauncher, WHOLE_BODY_SCAN_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { GetPatientPlusUIData } from './get-patient-plus-ui-data';

@ApiTags('records')
@Controller()
export class GetPatientPlusUIDataController {
  constructor(private readonly getPatientPlusUIData: GetPatientPlusUIData) {}

  /** GET /api/getPatientPlusUIData. */
  @Roles('PATIENT')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(WHOLE_BODY_SCAN_API.patientPlusUIData))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @RequestCaller() caller: Caller,
  ): Promise<PatientPlusLauncher[]> {
    return this.getPatientPlusUIData.execute(user.sub, caller);
  }
}
