import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, PROVIDER_WHOLE_BODY_SCAN_API, type ScanPatientChoice } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import * as yup from 'yup';
import { SearchScanPatients } from './search-scan-patients';

const query = yup.object({ search: yup.string().trim().max(100, 'At most 100 characters').default('') });

@ApiTags('records')
@Controller()
export class SearchScanPatientsController {
  constructor(private readonly searchScanPatients: SearchScanPatients) {}

  /** GET /api/wholeBodyScanFacility/patients?search=. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_WHOLE_BODY_SCAN_API.patients))
  search(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(query)) q: yup.InferType<typeof query>,
    @RequestCaller() caller: Caller,
  ): Promise<ScanPatientChoice[]> {
    return this.searchScanPatients.execute(user.sub, q.search ?? '', caller);
  }
}
