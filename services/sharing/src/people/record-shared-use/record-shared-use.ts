import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { SharedPersonRepository } from '../shared-person.repository';
import { ShareMails } from '../share-mails';

/**
 * One opening of a shared record (records) or study (imaging): the shared person's and the record's last
 * opened and count, and the owner's mail on the person's first access (once, as notification settings allow).
 */
@Injectable()
export class RecordSharedUse {
  constructor(
    private readonly people: SharedPersonRepository,
    private readonly mails: ShareMails,
  ) {}

  async execute(
    tx: Tx,
    e: EventPayloads['records.shared-record-opened'] | EventPayloads['imaging.shared-study-opened'],
  ): Promise<void> {
    const row = await this.people.findByViewer(tx, e.ownerUserId, e.viewerUserId);
    if (!row) return;
    await this.people.recordUse(
      tx,
      row.id,
      { patientRequestId: e.patientRequestId, studyUid: e.studyUid, documentId: e.documentId },
      e.at,
    );
    if (row.accessed_notified_at) return;
    await this.people.markAccessNotified(tx, row.id);
    const name = `${row.first_name} ${row.last_name}`;
    await this.mails.toOwner(
      tx,
      e.ownerUserId,
      'SHARING_SUCCESSFULLY_ACCESSED_NOTIFICATION',
      `${name} opened your shared records`,
      `${name} (${row.email}) opened the records you shared for the first time.`,
    );
  }
}
