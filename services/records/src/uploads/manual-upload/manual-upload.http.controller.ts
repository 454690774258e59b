import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  type ManualUploadAnswer,
  manualUploadSchema,
  RECORDS_API,
  type RecordType,
} from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { ManualUpload } from './manual-upload';

@ApiTags('records')
@Controller()
export class ManualUploadController {
  constructor(private readonly manualUpload: ManualUpload) {}

  /** POST /api/myRecords/manuallyUploadImages: keeps one self-uploaded file as a record. */
  @Roles('PATIENT')
  @ActFor('records', 'UPLOAD_RECORDS')
  @Post(apiRoute(RECORDS_API.manuallyUploadImages))
  upload(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(manualUploadSchema)) body: InferType<typeof manualUploadSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<ManualUploadAnswer> {
    return this.manualUpload.execute(
      { userId: user.sub, personId: user.personId },
      {
        uploaded_images: body.uploaded_images,
        family_member_id: body.family_member_id ?? null,
        examDate: body.examDate,
        recordName: body.recordName,
        recordType: body.recordType as RecordType,
      },
      caller,
    );
  }
}
