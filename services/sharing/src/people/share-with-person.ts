import { Injectable } from '@nestjs/common';
import type { InferType } from 'yup';
import {
  FAMILY_MEMBER_TYPES,
  type SharedRecordRef,
  type notificationRecipientSchema,
} from '@portal/contracts';
import { type Caller, InjectContext, type Tx, type UseCaseKit } from '@portal/server-kit';
import { LibraryRepository } from '../library/library.repository';
import { cannotShareWithYourself, sharedRecordNotFound } from '../sharing.errors';
import { AccessSnapshots } from './access-snapshots';
import { SharedPersonRepository, type SharedPersonRow } from './shared-person.repository';

export type NotificationRecipient = InferType<typeof notificationRecipientSchema>;

/** What to give a person: every record, or these (added to what they have). */
export interface Access {
  allRecords: boolean;
  records: SharedRecordRef[];
  expiresAt?: Date | null;
}

/**
 * The one way a person gets access: found by e-mail among the owner's people or added (linked to the
 * account holding that address only when its owner proved the address: an unproved one is linked once
 * proved, see PeopleConsumers), given all records or the listed ones (each checked to be the owner's:
 * another's answers 404 like a missing one), and announced. Runs in the caller's transaction.
 */
@Injectable()
export class ShareWithPerson {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly people: SharedPersonRepository,
    private readonly library: LibraryRepository,
    private readonly snapshots: AccessSnapshots,
  ) {}

  async execute(
    tx: Tx,
    ownerUserId: string,
    person: NotificationRecipient,
    access: Access,
    caller: Caller,
  ): Promise<{ row: SharedPersonRow; created: boolean }> {
    if (await this.library.notOwned(tx, ownerUserId, access.records)) throw sharedRecordNotFound();
    const account = await this.library.accountByEmail(tx, person.email);
    if (account?.user_id === ownerUserId) throw cannotShareWithYourself();
    const relationshipId =
      person.relationshipId ?? FAMILY_MEMBER_TYPES.find((t) => t.name === person.relationship)?.id ?? null;
    let row = await this.people.lockByEmail(tx, ownerUserId, person.email);
    const created = !row;
    if (!row) {
      row = await this.people.insert(tx, {
        ownerUserId,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        relationship: person.relationship,
        relationshipId,
        allRecords: access.allRecords,
        recipientUserId: account?.proved ? account.user_id : null,
        expiresAt: access.expiresAt ?? null,
      });
    } else {
      await this.people.update(tx, row.id, {
        first_name: person.firstName,
        last_name: person.lastName,
        relationship: person.relationship,
        relationship_id: relationshipId,
        all_records: row.all_records || access.allRecords,
        is_enabled: true,
        ...(access.expiresAt !== undefined ? { expires_at: access.expiresAt } : {}),
      });
    }
    if (!access.allRecords) await this.people.addGrants(tx, row.id, access.records);
    await this.snapshots.publish(tx, row);
    await this.kit.audit.record(tx, caller, {
      action: created ? 'sharing.person-invited' : 'sharing.person-access-added',
      resourceType: 'shared-person',
      resourceId: row.id,
      subjectId: ownerUserId,
      detail: { allRecords: access.allRecords, records: access.records.length },
    });
    return { row: (await this.people.find(tx, ownerUserId, row.id))!, created };
  }
}
