import { Injectable } from '@nestjs/common';
import type { ProviderRecordDetail } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DocumentRepository, isOpenable, toProviderDocument } from '../../documents/document.repository';
import { recordNotFound } from '../../provider.errors';

/**
 * GET provider/records/{recordId}: a record the staff member's facility delivered, for the record view:
 * the study it stands for (the Imaging tab) and the request's documents that open in the browser (the
 * Report tab), the record's own document first. Another facility's record answers like a missing one. Audited.
 */
@Injectable()
export class GetRecord {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    private readonly documents: DocumentRepository,
  ) {}

  async execute(staffUserId: string, recordId: string, caller: Caller): Promise<ProviderRecordDetail> {
    const delivered = await this.documents.findDeliveredForStaff(this.kit.db, staffUserId, recordId);
    const [record] = delivered
      ? await this.documents.records(this.kit.db, staffUserId, {
          favouritesOnly: false,
          search: '',
          recordId,
        })
      : [];
    if (!delivered || !record) throw recordNotFound();
    const all = await this.documents.listForRequest(this.kit.db, record.patientRequestId);
    const own = all.find((d) => d.id === record.id);
    if (!own) throw recordNotFound();
    const reports = [own, ...all.filter((d) => d.id !== own.id)]
      .filter((d) => isOpenable(d.content_type))
      .map(toProviderDocument);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'provider.record-read',
      resourceType: 'document',
      resourceId: record.id,
      subjectId: delivered.patient_user_id,
      detail: { patientRequestId: record.patientRequestId, reports: reports.map((d) => d.id) },
    });
    return {
      record,
      study: own.study_uid
        ? { study_uid: own.study_uid, modality: own.modality, description: own.study_description }
        : null,
      reports,
    };
  }
}
