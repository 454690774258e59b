import { Injectable } from '@nestjs/common';
import type { ShareableRecord, SharedUser } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { LibraryRepository } from '../../library/library.repository';
import { sharedRecordNotFound } from '../../sharing.errors';
import { RecipientRepository } from '../recipient.repository';

/**
 * The owner's people: GET getSharedUsersList (everyone, oldest first), GET {id}/recipients (everyone,
 * is_enabled for one record: the share toggles) and GET sharing/records/{id}/people (only those who see
 * the record). A record that is not the caller's answers 404.
 */
@Injectable()
export class ListPeople {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly recipients: RecipientRepository,
    private readonly library: LibraryRepository,
  ) {}

  /** GET sharing/records: what the owner can share (the invite form's list). */
  shareable(ownerUserId: string): Promise<ShareableRecord[]> {
    return this.recipients.shareableRecords(this.kit.db, ownerUserId);
  }

  all(ownerUserId: string): Promise<SharedUser[]> {
    return this.recipients.listByOwner(this.kit.db, ownerUserId);
  }

  async forRecord(ownerUserId: string, patientRequestId: string, q: { studyUid: string | null; documentId: string | null }, onlySeeing: boolean): Promise<SharedUser[]> {
    const record = { patientRequestId, studyUid: q.studyUid, documentId: q.documentId };
    if (await this.library.notOwned(this.kit.db, ownerUserId, [record])) throw sharedRecordNotFound();
    return this.recipients.listForRecord(this.kit.db, ownerUserId, record, onlySeeing);
  }
}
