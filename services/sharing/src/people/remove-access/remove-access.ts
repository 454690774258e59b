import { Injectable } from '@nestjs/common';
import type { InferType } from 'yup';
import type { removeAccessSchema } from '@portal/contracts';
import { type Caller, InjectContext, type Tx, type UseCaseKit } from '@portal/server-kit';
import { LibraryRepository } from '../../library/library.repository';
import { sharedPersonNotFound } from '../../sharing.errors';
import { AccessSnapshots } from '../access-snapshots';
import { SharedPersonRepository } from '../shared-person.repository';

/**
 * PUT removeAccess/{id}: the person loses one record (a study by UID, a document by id), or every record
 * when both are null; PUT removeSharedUser/{id}: the person is no longer shared with at all. A person
 * with all records who loses one keeps every other study the owner has now (limited access from then on).
 * Records and imaging hear it in the same transaction: the next read of the person is refused.
 */
@Injectable()
export class RemoveAccess {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly people: SharedPersonRepository,
    private readonly library: LibraryRepository,
    private readonly snapshots: AccessSnapshots,
  ) {}

  execute(
    ownerUserId: string,
    id: string,
    record: InferType<typeof removeAccessSchema>,
    caller: Caller,
  ): Promise<'OK'> {
    return this.kit.transaction((tx) => this.within(tx, ownerUserId, id, record, caller));
  }

  async within(
    tx: Tx,
    ownerUserId: string,
    id: string,
    record: InferType<typeof removeAccessSchema>,
    caller: Caller,
  ): Promise<'OK'> {
    const row = await this.people.lock(tx, ownerUserId, id);
    if (!row) throw sharedPersonNotFound();
    const everything = !record.study_uuid && !record.document_id;
    if (everything) {
      await this.people.removeAllGrants(tx, row.id);
      await this.people.update(tx, row.id, { all_records: false });
    } else {
      if (row.all_records) {
        await this.people.addGrants(tx, row.id, await this.library.ownerRecords(tx, ownerUserId));
        await this.people.update(tx, row.id, { all_records: false });
      } else {
        await this.people.update(tx, row.id, {});
      }
      await this.people.removeMatching(tx, row.id, record.study_uuid, record.document_id);
    }
    await this.snapshots.publish(tx, row);
    await this.kit.audit.record(tx, caller, {
      action: 'sharing.access-removed',
      resourceType: 'shared-person',
      resourceId: row.id,
      subjectId: ownerUserId,
      detail: { studyUid: record.study_uuid, documentId: record.document_id },
    });
    return 'OK';
  }

  async removePerson(ownerUserId: string, id: string, caller: Caller): Promise<'OK'> {
    return this.kit.transaction(async (tx) => {
      const row = await this.people.lock(tx, ownerUserId, id);
      if (!row) throw sharedPersonNotFound();
      await this.snapshots.publish(tx, row, true);
      await this.people.delete(tx, row.id);
      await this.kit.audit.record(tx, caller, {
        action: 'sharing.person-removed',
        resourceType: 'shared-person',
        resourceId: row.id,
        subjectId: ownerUserId,
        detail: { email: row.email },
      });
      return 'OK' as const;
    });
  }
}
