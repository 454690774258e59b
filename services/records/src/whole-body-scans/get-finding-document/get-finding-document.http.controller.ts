import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type FindingDocumentAnswer, WHOLE_BODY_SCAN_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { documentIdParam, findingIdParam, scanIdParam } from '../whole-body-scan-params';
import { GetFindingDocument } from './get-finding-document';

@ApiTags('records')
@Controller()
export class GetFindingDocumentController {
  constructor(private readonly getFindingDocument: GetFindingDocument) {}

  /** GET /api/wholeBodyScan/{id}/findingDocument/{findingId}/{docId}. */
  @Roles('PATIENT')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(WHOLE_BODY_SCAN_API.findingDocument, 'id', 'findingId', 'docId'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', scanIdParam) id: string,
    @Param('findingId', findingIdParam) findingId: string,
    @Param('docId', documentIdParam) docId: string,
    @RequestCaller() caller: Caller,
  ): Promise<FindingDocumentAnswer> {
    return this.getFindingDocument.execute(user.sub, id, findingId, docId, caller);
  }
}
