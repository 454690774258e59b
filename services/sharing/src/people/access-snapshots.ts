import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import { InjectContext, type Tx, type UseCaseKit } from '@portal/server-kit';
import { SharedPersonRepository, type SharedPersonRow } from './shared-person.repository';
import { SharingAccess } from './sharing-access';

/**
 * Publishes `sharing.access-changed`: everything one person may see of one owner, complete, with the
 * row's version. Records, imaging and sharing itself keep it as their access projection and decide every read from it,
 * so each change of a person's sharing calls this in the same transaction.
 */
@Injectable()
export class AccessSnapshots {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly people: SharedPersonRepository,
    private readonly access: SharingAccess,
  ) {}

  /** The person as saved now (read back in the transaction), or gone: enabled false with nothing. */
  async publish(
    tx: Tx,
    recipient: Pick<SharedPersonRow, 'id' | 'owner_user_id'>,
    gone = false,
  ): Promise<void> {
    const row = await this.people.find(tx, recipient.owner_user_id, recipient.id);
    if (!row) return;
    const items = gone ? [] : await this.people.grantsOf(tx, row.id);
    const payload: EventPayloads['sharing.access-changed'] = {
      recipientId: row.id,
      ownerUserId: row.owner_user_id,
      viewerUserId: row.recipient_user_id,
      email: row.email,
      name: `${row.first_name} ${row.last_name}`,
      enabled: !gone && row.is_enabled,
      allRecords: !gone && row.all_records,
      items,
      expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
      // A removed person's last snapshot must win over every earlier one.
      version: Number(row.version) + (gone ? 1 : 0),
    };
    // Sharing decides its own reads from the same grant tables, kept in this transaction.
    await this.access.policy.grants.apply(tx, payload);
    await this.kit.events.record(tx, 'sharing.access-changed', payload);
  }
}
