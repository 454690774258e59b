import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import { FamilyMemberRepository } from '../family-member.repository';

/**
 * Keeps the wizard's projection of auth's facts. Each runs in the consumer's transaction, which also
 * marks the event processed, so a redelivered event changes nothing; upserts make replays harmless.
 */
@Injectable()
export class ApplyFamilyMemberEvent {
  constructor(private readonly members: FamilyMemberRepository) {}

  /** A new account, or a holder's name given later (auth.profile-named): the requester's name. */
  registered(tx: Queryable, e: EventPayloads['auth.user-registered'] | EventPayloads['auth.profile-named']): Promise<void> {
    return this.members.upsertRequester(tx, e.userId, e.firstName, e.lastName);
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
