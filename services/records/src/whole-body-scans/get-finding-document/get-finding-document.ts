import { Injectable } from '@nestjs/common';
import { DICOMWEB_API, type FindingDocumentAnswer } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DownloadIdentifiers } from '../../attachments/download-identifiers';
import { ScanRepository } from '../scan.repository';
import { auditScanRead } from '../scan-audit';
import { documentNotFound, scanNotFound } from '../whole-body-scans.errors';

/**
 * GET wholeBodyScan/{id}/findingDocument/{findingId}/{docId}: a PDF report's download identifier, or a
 * key image's picture: its url is the imaging context's rendering of the patient's own DICOM instance
 * (the identifier is then the key image's id). A next step has no file: 404. Audited.
 */
@Injectable()
export class GetFindingDocument {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly scans: ScanRepository,
    private readonly identifiers: DownloadIdentifiers,
  ) {}

  async execute(
    userId: string,
    scanId: string,
    findingId: string,
    docId: string,
    caller: Caller,
  ): Promise<FindingDocumentAnswer> {
    if (!(await this.scans.findOwned(this.kit.db, userId, scanId))) throw scanNotFound();
    const doc = await this.scans.document(this.kit.db, scanId, findingId, docId);
    if (!doc) throw documentNotFound();
    let answer: FindingDocumentAnswer;
    if (doc.kind === 'PDF_REPORT' && doc.blob_key) {
      answer = await this.identifiers.issue(this.kit.db, userId, {
        blobKey: doc.blob_key,
        fileName: String(doc.value.file_name ?? 'report.pdf'),
        contentType: doc.content_type ?? 'application/pdf',
      });
    } else if (doc.kind === 'KEY_IMAGE') {
      const v = doc.value as Record<string, string>;
      // The imaging context renders an instance's first frame; it takes no frame number.
      answer = {
        identifier: doc.id,
        url: DICOMWEB_API.retrieveInstanceRendered(
          v.study_instance_uid,
          v.series_instance_uid,
          v.sop_instance_uid,
        ),
      };
    } else throw documentNotFound();
    await auditScanRead(this.kit, caller, userId, {
      action: 'records.wbs-finding-document-opened',
      scanId,
      detail: { findingId, documentId: doc.id, kind: doc.kind },
    });
    return answer;
  }
}
