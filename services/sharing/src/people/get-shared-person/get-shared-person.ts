import { Injectable } from '@nestjs/common';
import type { InferType } from 'yup';
import type { SharedPersonDetails, shareExpirySchema } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { sharedPersonNotFound } from '../../sharing.errors';
import { AccessSnapshots } from '../access-snapshots';
import { SharedPersonRepository, toSharedPerson } from '../shared-person.repository';

/**
 * GET sharing/people/{id}: one shared person with what they see and their use of it (last opened, how
 * often); PUT sharing/people/{id}/expiry: when their access ends. Another owner's person answers 404.
 */
@Injectable()
export class GetSharedPerson {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly people: SharedPersonRepository,
    private readonly snapshots: AccessSnapshots,
  ) {}

  async execute(ownerUserId: string, id: string): Promise<SharedPersonDetails> {
    const row = await this.people.find(this.kit.db, ownerUserId, id);
    if (!row) throw sharedPersonNotFound();
    const records = await this.people.sharedRecords(this.kit.db, row);
    return {
      person: toSharedPerson({ ...row, n: row.all_records ? 0 : records.length }),
      records,
      all_records: row.all_records,
      last_opened_at: row.last_opened_at ? new Date(row.last_opened_at).toISOString() : null,
      open_count: row.open_count,
      expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
      joined: row.recipient_user_id !== null,
    };
  }

  async setExpiry(
    ownerUserId: string,
    id: string,
    input: InferType<typeof shareExpirySchema>,
    caller: Caller,
  ): Promise<SharedPersonDetails> {
    await this.kit.transaction(async (tx) => {
      const row = await this.people.lock(tx, ownerUserId, id);
      if (!row) throw sharedPersonNotFound();
      await this.people.update(tx, row.id, { expires_at: input.expiresAt ?? null });
      await this.snapshots.publish(tx, row);
      await this.kit.audit.record(tx, caller, {
        action: 'sharing.expiry-set',
        resourceType: 'shared-person',
        resourceId: row.id,
        subjectId: ownerUserId,
        detail: { expiresAt: input.expiresAt ?? null },
      });
    });
    return this.execute(ownerUserId, id);
  }
}
