import { Inject, Injectable } from '@nestjs/common';
import {
  BLOB_STORE,
  type BlobStore,
  fieldInvalid,
  InjectContext,
  type UploadForm,
  type UseCaseKit,
} from '@portal/server-kit';
import { FacilityStaff } from '../facility-staff';
import { REPORT_FILE_RULES, type ReportFileKind, reportUploadPrefix } from '../report-files';

/**
 * GET wholeBodyScanFacility/uploadForm?fileName=&size=&kind=: the presigned form of one PDF or video
 * report, under the caller's own prefix (publishing takes only keys of that prefix), with the kind's
 * rules: the upload target checks the real type by content and the size. Staff of none: 403.
 */
@Injectable()
export class GetReportUploadForm {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly staff: FacilityStaff,
  ) {}

  async execute(
    callerId: string,
    input: { fileName: string; size: number; kind: ReportFileKind },
  ): Promise<UploadForm> {
    await this.staff.facilitiesOf(this.kit.db, callerId);
    const rules = REPORT_FILE_RULES[input.kind];
    if (!rules.extensions.test(input.fileName))
      throw fieldInvalid(
        'fileName',
        input.kind === 'PDF_REPORT'
          ? 'A report must be a PDF file'
          : 'A video report must be an MP4 or WebM file',
      );
    if (input.size > rules.maxBytes)
      throw fieldInvalid('size', `The file is larger than ${rules.maxBytes} bytes`);
    return this.blobs.createUploadForm(reportUploadPrefix(callerId), {
      contentTypes: rules.contentTypes,
      maxBytes: rules.maxBytes,
    });
  }
}
