import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, PROVIDER_API, providerUploadFormsSchema } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles, type UploadForm, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetUploadForms } from './get-upload-forms';

@ApiTags('provider')
@Controller()
export class GetUploadFormsController {
  constructor(private readonly uploadForms: GetUploadForms) {}

  /** POST /api/generateS3PresignedURL: forms for a batch of files of one document request. */
  @Roles('EXTERNAL_PROVIDER')
  @Post(apiRoute(PROVIDER_API.uploadForms))
  forms(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(providerUploadFormsSchema)) body: InferType<typeof providerUploadFormsSchema>,
  ): Promise<{ forms: UploadForm[] }> {
    return this.uploadForms.execute(user.sub, body);
  }
}
