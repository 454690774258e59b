import { Injectable } from '@nestjs/common';
import { REQUEST_STATUS } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DocumentRepository } from '../../documents/document.repository';
import { alreadySubmitted, nothingToSubmit } from '../../provider.errors';
import { DataRequestRepository } from '../data-request.repository';
import { requestOfStaff } from '../staff-request';

/**
 * POST markPatientRequestAsUploaded: the facility submits its records. Every kept document goes out
 * with `provider.records-submitted` (imaging ingests the DICOM ones, records keeps the rest); after
 * this the request's documents no longer change.
 */
@Injectable()
export class MarkUploaded {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    private readonly dataRequests: DataRequestRepository,
    private readonly documents: DocumentRepository,
  ) {}

  execute(staffUserId: string, patientRequestId: string, caller: Caller): Promise<void> {
    return this.kit.transaction(async (tx) => {
      const request = await requestOfStaff(this.dataRequests, tx, staffUserId, patientRequestId, true);
      if (request.uploaded_at) throw alreadySubmitted();
      const documents = await this.documents.listForRequest(tx, request.id);
      if (!documents.length) throw nothingToSubmit();
      const at = new Date();
      await this.dataRequests.markUploaded(tx, request.id, at);
      // The inbox shows the status the requests context decides, which comes back as an event; the
      // facility's own submission is known here, so its inbox says so at once rather than New until then.
      await this.dataRequests.setStatus(tx, request.id, REQUEST_STATUS.UPLOADED_BY_EXTERNAL_PROVIDER);
      await this.dataRequests.addTimeline(tx, request.id, 'RECORDS_SUBMITTED', at, String(documents.length));
      await this.kit.events.record(tx, 'provider.records-submitted', {
        patientRequestId: request.id,
        userId: request.patient_user_id,
        custodianId: request.custodian_id,
        custodianName: request.custodian_name,
        submittedAt: at.toISOString(),
        documents: documents.map((d) => ({
          documentId: d.id,
          documentRequestId: d.document_request_id,
          documentRequestType: d.document_request_type,
          key: d.blob_key,
          fileName: d.file_name,
          path: d.path,
          contentType: d.content_type,
          size: Number(d.size),
        })),
      });
      await this.kit.audit.record(tx, caller, {
        action: 'provider.records-submitted',
        resourceType: 'data_request',
        resourceId: request.id,
        subjectId: request.patient_user_id,
        detail: { documents: documents.length },
      });
    });
  }
}
