import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import { FamilyMemberRepository } from '../family-member.repository';

/**
 * Keeps the library's projection of auth's facts (whose records a self upload or a grid is about).
 * Each runs in the consumer's transaction, which also marks the event processed; upserts make replays harmless.
 */
@Injectable()
export class ApplyFamilyMemberEvent {
  constructor(private readonly members: FamilyMemberRepository) {}

  registered(tx: Queryable, e: EventPayloads['auth.user-registered']): Promise<void> {
    return this.members.upsertHolder(tx, e.userId, e.firstName, e.lastName);
  }

  saved(tx: Queryable, e: EventPayloads['auth.family-member-saved']): Promise<void> {
    return this.members.upsert(tx, e.userId, e.familyMember);
  }

  removed(tx: Queryable, e: EventPayloads['auth.family-member-removed']): Promise<void> {
    return this.members.remove(tx, e.userId, e.familyMemberId);
  }

  accountRemoved(tx: Queryable, e: EventPayloads['auth.account-removed']): Promise<void> {
    return this.members.removeUser(tx, e.userId);
  }
}
