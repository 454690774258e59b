import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type OtherDocument, PROVIDER_API } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  sendFile,
} from '@portal/server-kit';
import { dataRequestId } from '../get-data-request/get-data-request.http.controller';
import { OtherDocuments } from './other-documents';

@ApiTags('provider')
@Controller()
export class OtherDocumentsController {
  constructor(private readonly otherDocuments: OtherDocuments) {}

  /** GET /api/{id}/getOtherDocuments. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_API.otherDocuments, 'id'))
  list(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', dataRequestId) id: string,
    @RequestCaller() caller: Caller,
  ): Promise<OtherDocument[]> {
    return this.otherDocuments.list(user.sub, id, caller);
  }

  /** GET /api/provider/dataRequests/{id}/otherDocuments/{otherId}. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_API.otherDocumentContent, 'id', 'otherId'))
  async content(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', dataRequestId) id: string,
    // The requests context names attachment ids; an unknown one is simply not found.
    @Param('otherId') otherId: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const doc = await this.otherDocuments.content(user.sub, id, otherId, caller);
    return sendFile(reply, {
      body: doc.bytes,
      contentType: doc.contentType,
      fileName: doc.fileName,
      disposition: 'inline',
    });
  }
}
