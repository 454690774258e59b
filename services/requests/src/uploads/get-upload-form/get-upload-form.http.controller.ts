import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, REQUESTS_API, uploadFormQuery, type WizardUploadKind } from '@portal/contracts';
import { type Caller, Public, RequestCaller, type UploadForm, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetUploadForm } from './get-upload-form';

@ApiTags('requests')
@Controller()
export class UploadFormController {
  constructor(private readonly uploadForm: GetUploadForm) {}

  /** GET /api/requestRecord/uploadForm?kind=govt_id|legal_doc (public, rate limited per address). */
  @Public()
  @Get(apiRoute(REQUESTS_API.uploadForm))
  get(
    @Query(validate(uploadFormQuery)) q: InferType<typeof uploadFormQuery>,
    @RequestCaller() caller: Caller,
  ): Promise<UploadForm> {
    return this.uploadForm.execute(q.kind as WizardUploadKind, caller.ip);
  }
}
