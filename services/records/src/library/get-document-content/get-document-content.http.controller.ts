import { Controller, Get, Param, ParseUUIDPipe, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, RECORDS_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  sendFile,
} from '@portal/server-kit';
import { documentNotFound, GetDocumentContent } from './get-document-content';

/** An id that is no uuid is a document that does not exist (404). */
const documentId = new ParseUUIDPipe({ exceptionFactory: () => documentNotFound() });

@ApiTags('records')
@Controller()
export class GetDocumentContentController {
  constructor(private readonly getDocumentContent: GetDocumentContent) {}

  /** GET /api/getFileContent/{documentId} (the owner): a delivered report or image, to open in the browser. */
  @Roles('PATIENT')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(RECORDS_API.documentContent, 'documentId'))
  async get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('documentId', documentId) id: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const doc = await this.getDocumentContent.execute(user.sub, id, caller);
    return sendFile(reply, {
      body: doc.bytes,
      contentType: doc.contentType,
      fileName: doc.fileName,
      disposition: 'inline',
    });
  }
}
