import { Injectable } from '@nestjs/common';
import type { ProviderDocument } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DataRequestRepository } from '../../data-requests/data-request.repository';
import { documentRequestOf, requestOfStaff } from '../../data-requests/staff-request';
import { DocumentRepository, toProviderDocument } from '../document.repository';

/** GET {id}/getDocuments/{docReqId}: the files kept on a document request, newest first. Audited. */
@Injectable()
export class ListDocuments {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    private readonly dataRequests: DataRequestRepository,
    private readonly documents: DocumentRepository,
  ) {}

  async execute(
    staffUserId: string,
    patientRequestId: string,
    documentRequestId: string,
    caller: Caller,
  ): Promise<ProviderDocument[]> {
    const request = await requestOfStaff(this.dataRequests, this.kit.db, staffUserId, patientRequestId);
    documentRequestOf(request, documentRequestId);
    const documents = await this.documents.listForDocumentRequest(
      this.kit.db,
      patientRequestId,
      documentRequestId,
    );
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'provider.documents-read',
      resourceType: 'data_request',
      resourceId: patientRequestId,
      subjectId: request.patient_user_id,
      detail: { documentRequestId },
    });
    return documents.map(toProviderDocument);
  }
}
