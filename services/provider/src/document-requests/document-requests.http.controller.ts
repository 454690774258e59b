import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  documentRequestRefSchema,
  type DocumentRequestRejection,
  MESSAGES,
  PROVIDER_API,
  rejectDocumentRequestSchema,
  type RejectionReason,
} from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { CancelRejection } from './cancel-rejection/cancel-rejection';
import { RejectDocumentRequest } from './reject-document-request/reject-document-request';

@ApiTags('provider')
@Controller()
export class DocumentRequestsController {
  constructor(
    private readonly rejectDocumentRequest: RejectDocumentRequest,
    private readonly cancelRejection: CancelRejection,
  ) {}

  /** POST /api/rejectDocumentRequest. */
  @Roles('EXTERNAL_PROVIDER')
  @Post(apiRoute(PROVIDER_API.reject))
  async reject(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(rejectDocumentRequestSchema)) body: InferType<typeof rejectDocumentRequestSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<{ message: string; rejection: DocumentRequestRejection }> {
    const rejection = await this.rejectDocumentRequest.execute(
      user.sub,
      { ...body, nrrType: body.nrrType as RejectionReason },
      caller,
    );
    return { message: MESSAGES.requestRejected, rejection };
  }

  /** POST /api/cancelDocumentRequestRejection. */
  @Roles('EXTERNAL_PROVIDER')
  @Post(apiRoute(PROVIDER_API.cancelRejection))
  async cancel(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(documentRequestRefSchema)) body: InferType<typeof documentRequestRefSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<{ message: string }> {
    await this.cancelRejection.execute(user.sub, body, caller);
    return { message: MESSAGES.rejectionCancelled };
  }
}
