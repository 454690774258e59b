import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AddDocumentsResult, addDocumentsSchema, apiRoute, PROVIDER_API } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { AddDocuments } from './add-documents';

@ApiTags('provider')
@Controller()
export class AddDocumentsController {
  constructor(private readonly addDocuments: AddDocuments) {}

  /** POST /api/addDocuments: keeps a batch of uploaded files, each checked by content. */
  @Roles('EXTERNAL_PROVIDER')
  @Post(apiRoute(PROVIDER_API.addDocuments))
  add(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(addDocumentsSchema)) body: InferType<typeof addDocumentsSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<AddDocumentsResult> {
    return this.addDocuments.execute(user.sub, body, caller);
  }
}
