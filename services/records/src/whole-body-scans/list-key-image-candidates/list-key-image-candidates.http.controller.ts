import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type KeyImageCandidate, PROVIDER_WHOLE_BODY_SCAN_API } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import * as yup from 'yup';
import { ListKeyImageCandidates } from './list-key-image-candidates';

const query = yup.object({
  patientRequestId: yup
    .string()
    .trim()
    .uuid('Patient request must be a uuid')
    .required('Patient request is required'),
});

@ApiTags('records')
@Controller()
export class ListKeyImageCandidatesController {
  constructor(private readonly listKeyImageCandidates: ListKeyImageCandidates) {}

  /** GET /api/wholeBodyScanFacility/keyImageCandidates?patientRequestId=. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_WHOLE_BODY_SCAN_API.keyImageCandidates))
  list(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(query)) q: yup.InferType<typeof query>,
    @RequestCaller() caller: Caller,
  ): Promise<KeyImageCandidate[]> {
    return this.listKeyImageCandidates.execute(user.sub, q.patientRequestId, caller);
  }
}
