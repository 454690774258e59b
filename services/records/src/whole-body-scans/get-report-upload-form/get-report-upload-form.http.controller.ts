import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, PROVIDER_WHOLE_BODY_SCAN_API } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles, type UploadForm, validate } from '@portal/server-kit';
import * as yup from 'yup';
import { GetReportUploadForm } from './get-report-upload-form';

const query = yup.object({
  fileName: yup.string().trim().max(255, 'At most 255 characters').required('File name is required'),
  size: yup
    .number()
    .typeError('Size must be a number')
    .integer()
    .min(1, 'The file is empty')
    .required('Size is required'),
  kind: yup
    .mixed<'PDF_REPORT' | 'VIDEO_REPORT'>()
    .oneOf(['PDF_REPORT', 'VIDEO_REPORT'], 'Kind must be PDF_REPORT or VIDEO_REPORT')
    .required('Kind is required'),
});

@ApiTags('records')
@Controller()
export class GetReportUploadFormController {
  constructor(private readonly getReportUploadForm: GetReportUploadForm) {}

  /** GET /api/wholeBodyScanFacility/uploadForm?fileName=&size=&kind=. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_WHOLE_BODY_SCAN_API.uploadForm))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(query)) q: yup.InferType<typeof query>,
  ): Promise<UploadForm> {
    return this.getReportUploadForm.execute(user.sub, q);
  }
}
