import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DocumentRepository } from '../../documents/document.repository';
import { recordNotFound } from '../../provider.errors';

/** POST provider/records/star: a staff member's own favourite among the records of their facilities. */
@Injectable()
export class StarRecord {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    private readonly documents: DocumentRepository,
  ) {}

  execute(
    staffUserId: string,
    input: { documentId: string; starred: boolean },
    caller: Caller,
  ): Promise<void> {
    return this.kit.transaction(async (tx) => {
      const doc = await this.documents.findDeliveredForStaff(tx, staffUserId, input.documentId);
      if (!doc) throw recordNotFound();
      await this.documents.star(tx, staffUserId, doc, input.starred);
      await this.kit.audit.record(tx, caller, {
        action: input.starred ? 'provider.record-starred' : 'provider.record-unstarred',
        resourceType: 'document',
        resourceId: doc.id,
        subjectId: doc.patient_user_id,
      });
    });
  }
}
