import { Injectable } from '@nestjs/common';
import { PROVIDER_REPORT_IDENTIFIER_TTL_SECONDS, type IdentifierAnswer } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DocumentRepository, isOpenable } from '../../documents/document.repository';
import { documentNotFound, documentNotOpenable, recordNotFound } from '../../provider.errors';
import { ReportLinks } from '../report-links';

/**
 * GET provider/records/{recordId}/reports/{documentId}: a download identifier for a report (a PDF or an
 * image) of a record the staff member's facility delivered, for the record view's frame. Another
 * facility's record answers like a missing one. Audited.
 */
@Injectable()
export class GetReportIdentifier {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    private readonly documents: DocumentRepository,
    private readonly links: ReportLinks,
  ) {}

  async execute(
    staffUserId: string,
    params: { recordId: string; documentId: string },
    caller: Caller,
  ): Promise<IdentifierAnswer> {
    const record = await this.documents.findDeliveredForStaff(this.kit.db, staffUserId, params.recordId);
    if (!record) throw recordNotFound();
    const document = await this.documents.find(this.kit.db, record.patient_request_id, params.documentId);
    if (!document) throw documentNotFound();
    if (!isOpenable(document.content_type)) throw documentNotOpenable();
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'provider.report-read',
      resourceType: 'document',
      resourceId: document.id,
      subjectId: record.patient_user_id,
      detail: { patientRequestId: record.patient_request_id, recordId: params.recordId },
    });
    const identifier = await this.links.issue(
      { key: document.blob_key, contentType: document.content_type, fileName: document.file_name },
      PROVIDER_REPORT_IDENTIFIER_TTL_SECONDS,
    );
    return { identifier };
  }
}
