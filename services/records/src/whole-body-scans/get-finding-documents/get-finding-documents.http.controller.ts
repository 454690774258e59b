import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type FindingDocuments, WHOLE_BODY_SCAN_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { findingIdParam, scanIdParam } from '../whole-body-scan-params';
import { GetFindingDocuments } from './get-finding-documents';

@ApiTags('records')
@Controller()
export class GetFindingDocumentsController {
  constructor(private readonly getFindingDocuments: GetFindingDocuments) {}

  /** GET /api/wholeBodyScan/{id}/findingDocuments/{findingId}. */
  @Roles('PATIENT')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(WHOLE_BODY_SCAN_API.findingDocuments, 'id', 'findingId'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', scanIdParam) id: string,
    @Param('findingId', findingIdParam) findingId: string,
    @RequestCaller() caller: Caller,
  ): Promise<FindingDocuments> {
    return this.getFindingDocuments.execute(user.sub, id, findingId, caller);
  }
}
