import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type LibraryAttachment, RECORDS_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { patientRequestIdParam, responseIdParam } from '../attachment-params';
import { GetAttachments } from './get-attachments';

@ApiTags('records')
@Controller()
export class GetAttachmentsController {
  constructor(private readonly getAttachments: GetAttachments) {}

  /** GET /api/{patientRequestId}/getAttachments/{responseId}. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(RECORDS_API.attachments, 'patientRequestId', 'responseId'))
  list(
    @CurrentUser() user: CurrentUserClaims,
    @Param('patientRequestId', patientRequestIdParam) patientRequestId: string,
    @Param('responseId', responseIdParam) responseId: string,
    @RequestCaller() caller: Caller,
  ): Promise<LibraryAttachment[]> {
    return this.getAttachments.execute(user.sub, patientRequestId, responseId, caller);
  }
}
