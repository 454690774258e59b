import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type IdentifierAnswer, RECORDS_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { attachmentIdParam, patientRequestIdParam } from '../attachment-params';
import { GetAttachmentContent } from './get-attachment-content';

@ApiTags('records')
@Controller()
export class GetAttachmentContentController {
  constructor(private readonly getAttachmentContent: GetAttachmentContent) {}

  /** GET /api/{patientRequestId}/getAttachmentContent/{attachmentId}: a download identifier. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(RECORDS_API.attachmentContent, 'patientRequestId', 'attachmentId'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('patientRequestId', patientRequestIdParam) patientRequestId: string,
    @Param('attachmentId', attachmentIdParam) attachmentId: string,
    @RequestCaller() caller: Caller,
  ): Promise<IdentifierAnswer> {
    return this.getAttachmentContent.execute(user.sub, patientRequestId, attachmentId, caller);
  }
}
