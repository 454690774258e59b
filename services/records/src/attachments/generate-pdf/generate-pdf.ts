import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { IdentifierAnswer } from '@portal/contracts';
import {
  BLOB_STORE,
  type BlobStore,
  type Caller,
  InjectContext,
  safeFileName,
  type UseCaseKit,
} from '@portal/server-kit';
import { AttachmentRepository } from '../attachment.repository';
import { DownloadIdentifiers } from '../download-identifiers';
import { facilityOf, ownedResponse, patientNameOf } from '../owned-response';
import { recordSummaryPdf } from './record-summary-pdf';
import { SharedAccess } from '../../library/shared-access';

/** Where generated PDFs of a user are kept (the download identifier points at them). */
export const generatedPdfKey = (userId: string): string => `records/generated/${userId}/${randomUUID()}.pdf`;

/**
 * GET {patientRequestId}/generatePdf/{responseId}: the record's PDF for the caller: a PDF document is
 * itself; a study, or a document that is no PDF, gets a one-page summary made now. Answers a download
 * identifier. Audited.
 */
@Injectable()
export class GeneratePdf {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly attachments: AttachmentRepository,
    private readonly identifiers: DownloadIdentifiers,
    private readonly shared?: SharedAccess,
  ) {}

  async execute(
    userId: string,
    patientRequestId: string,
    responseId: string,
    caller: Caller,
    now = new Date(),
  ): Promise<IdentifierAnswer> {
    const { request, study, document } = await ownedResponse(
      this.attachments,
      this.kit.db,
      userId,
      patientRequestId,
      responseId,
      this.shared,
    );
    let file: { blobKey: string; fileName: string; contentType: string };
    if (document?.content_type === 'application/pdf') {
      file = { blobKey: document.blob_key, fileName: document.file_name, contentType: document.content_type };
    } else {
      const docs = study
        ? await this.attachments.listDocuments(this.kit.db, request.user_id, patientRequestId)
        : [document!];
      const title = study
        ? [study.modality, study.study_description].filter(Boolean).join(' ') || 'Study'
        : (request.record_name ?? document!.file_name);
      const bytes = await recordSummaryPdf({
        patientName: patientNameOf(request),
        facility: facilityOf(request),
        title,
        studyDescription: study?.study_description ?? request.record_name,
        modality: study?.modality ?? null,
        date:
          study?.study_date ??
          request.exam_date ??
          new Date(document?.created_at ?? request.created_at).toISOString().slice(0, 10),
        instances: study?.total_instances ?? null,
        attachments: docs.map((d) => d.file_name),
        generatedAt: now,
      });
      const blobKey = generatedPdfKey(userId);
      await this.blobs.write(blobKey, bytes, 'application/pdf');
      file = { blobKey, fileName: `${safeFileName(title, 'record')}.pdf`, contentType: 'application/pdf' };
    }
    const answer = await this.identifiers.issue(this.kit.db, userId, file, now);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.pdf-generated',
      resourceType: study ? 'study' : 'document',
      resourceId: responseId,
      subjectId: request.user_id,
      detail: { patientRequestId },
    });
    return answer;
  }
}
