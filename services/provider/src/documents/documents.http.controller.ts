import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  deleteDocumentSchema,
  MESSAGES,
  PROVIDER_API,
  type ProviderDocument,
} from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  sendFile,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { dataRequestId } from '../data-requests/get-data-request/get-data-request.http.controller';
import { documentNotFound, documentRequestNotFound } from '../provider.errors';
import { DeleteDocument } from './delete-document/delete-document';
import { GetDocumentContent } from './get-document-content/get-document-content';
import { ListDocuments } from './list-documents/list-documents';

const documentRequestId = new ParseUUIDPipe({ exceptionFactory: () => documentRequestNotFound() });
const documentId = new ParseUUIDPipe({ exceptionFactory: () => documentNotFound() });

@ApiTags('provider')
@Controller()
export class DocumentsController {
  constructor(
    private readonly listDocuments: ListDocuments,
    private readonly deleteDocument: DeleteDocument,
    private readonly documentContent: GetDocumentContent,
  ) {}

  /** GET /api/{id}/getDocuments/{docReqId}. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_API.documents, 'id', 'docReqId'))
  list(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', dataRequestId) id: string,
    @Param('docReqId', documentRequestId) docReqId: string,
    @RequestCaller() caller: Caller,
  ): Promise<ProviderDocument[]> {
    return this.listDocuments.execute(user.sub, id, docReqId, caller);
  }

  /** POST /api/deleteDocument. */
  @Roles('EXTERNAL_PROVIDER')
  @Post(apiRoute(PROVIDER_API.deleteDocument))
  async delete(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(deleteDocumentSchema)) body: InferType<typeof deleteDocumentSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<{ message: string }> {
    await this.deleteDocument.execute(user.sub, body, caller);
    return { message: MESSAGES.documentDeleted };
  }

  /** GET /api/provider/dataRequests/{id}/documents/{docId}: the bytes, to open in the browser. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_API.documentContent, 'id', 'docId'))
  async content(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', dataRequestId) id: string,
    @Param('docId', documentId) docId: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const doc = await this.documentContent.execute(user.sub, id, docId, caller);
    return sendFile(reply, {
      body: doc.bytes,
      contentType: doc.contentType,
      fileName: doc.fileName,
      disposition: 'inline',
    });
  }
}
