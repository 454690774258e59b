import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, RECORDS_API, type RecordType, selfUploadFormQuery } from '@portal/contracts';
import {
  ActFor,
  CurrentUser,
  type CurrentUserClaims,
  Roles,
  type UploadForm,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetSelfUploadForm } from './get-upload-form';

@ApiTags('records')
@Controller()
export class GetSelfUploadFormController {
  constructor(private readonly uploadForm: GetSelfUploadForm) {}

  /** GET /api/myRecords/getPresignedUploadUrl?fileName=&size=&recordType=: the form of one self-uploaded file. */
  @Roles('PATIENT')
  @ActFor('records', 'UPLOAD_RECORDS')
  @Get(apiRoute(RECORDS_API.uploadForm))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(selfUploadFormQuery)) q: InferType<typeof selfUploadFormQuery>,
  ): Promise<UploadForm> {
    return this.uploadForm.execute(user.sub, {
      fileName: q.fileName,
      size: q.size,
      recordType: q.recordType as RecordType,
    });
  }
}
