import { Inject, Injectable } from '@nestjs/common';
import type { OtherDocument } from '@portal/contracts';
import { BLOB_STORE, type BlobStore, type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { documentNotFound } from '../../provider.errors';
import type { DocumentContent } from '../../documents/get-document-content/get-document-content';
import { DataRequestRepository } from '../data-request.repository';
import { requestOfStaff } from '../staff-request';

/**
 * GET {id}/getOtherDocuments and provider/dataRequests/{id}/otherDocuments/{otherId}: what the patient
 * sent with the request (signed authorization form, photo ID, legal documents), for the facility to
 * check before it releases records. Both reads are audited.
 */
@Injectable()
export class OtherDocuments {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly dataRequests: DataRequestRepository,
  ) {}

  async list(staffUserId: string, patientRequestId: string, caller: Caller): Promise<OtherDocument[]> {
    const request = await requestOfStaff(this.dataRequests, this.kit.db, staffUserId, patientRequestId);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'provider.other-documents-read',
      resourceType: 'data_request',
      resourceId: request.id,
      subjectId: request.patient_user_id,
    });
    return request.attachments.map((a) => ({
      id: a.id,
      kind: a.kind,
      file_name: a.fileName,
      content_type: a.contentType,
    }));
  }

  async content(
    staffUserId: string,
    patientRequestId: string,
    otherDocumentId: string,
    caller: Caller,
  ): Promise<DocumentContent> {
    const request = await requestOfStaff(this.dataRequests, this.kit.db, staffUserId, patientRequestId);
    const attachment = request.attachments.find((a) => a.id === otherDocumentId);
    if (!attachment) throw documentNotFound();
    const bytes = await this.blobs.read(attachment.key);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'provider.other-document-read',
      resourceType: 'data_request',
      resourceId: request.id,
      subjectId: request.patient_user_id,
      detail: { otherDocumentId, kind: attachment.kind },
    });
    return { bytes, contentType: attachment.contentType, fileName: attachment.fileName };
  }
}
