import type { EventPayloads, FamilyMemberOption } from '@portal/contracts';
import type { Queryable } from '../database/sql';
import type { ContextEvents } from '../events/context-events';
import { upsertIfNewer } from './versioned-upsert';

/** Where a context keeps auth's people: each account holder's name, and their family members. */
export interface PeopleTables {
  /** user_id (key), first_name, last_name, version. */
  holders: string;
  /** id (key), user_id, first_name, last_name, removed, version. */
  members: string;
  /** The holders table also keeps person_id and date_of_birth (records: Smart FHIR matches the patient by them). */
  identity?: boolean;
}

/** The migration that gives a context's people tables their versions (and family members a tombstone). */
export const peopleVersionsSql = (t: PeopleTables): string[] => [
  `ALTER TABLE ${t.holders} ADD COLUMN IF NOT EXISTS version bigint NOT NULL DEFAULT 0`,
  `ALTER TABLE ${t.members} ADD COLUMN IF NOT EXISTS version bigint NOT NULL DEFAULT 0, ADD COLUMN IF NOT EXISTS removed boolean NOT NULL DEFAULT false`,
];

/**
 * The one way a context keeps auth's people (records for the grid and self uploads, requests for the
 * wizard): every fact applied at the version its event carries (auth's outbox sequence), so a late or
 * replayed older event changes nothing. A removed family member stays as a tombstone, so a late 'saved'
 * cannot bring them back; reads skip removed rows. A removed account goes whole: nothing follows it.
 */
export class PeopleProjection {
  constructor(private readonly t: PeopleTables) {}

  /**
   * A new account, or a holder's name given later (auth.profile-named), at the event's version; a seed
   * gives version 0, which fills a missing row and never overrides one an event wrote.
   */
  named(
    db: Queryable,
    p: Pick<EventPayloads['auth.profile-named'], 'userId' | 'firstName' | 'lastName'> & {
      personId?: string;
      dateOfBirth?: string | null;
    },
    version: number,
  ): Promise<boolean> {
    return upsertIfNewer(db, this.t.holders, ['user_id'], {
      user_id: p.userId,
      first_name: p.firstName,
      last_name: p.lastName,
      // Older events carry neither: what is known stays (the upsert sets only the columns given).
      ...(this.t.identity && p.personId ? { person_id: p.personId } : {}),
      ...(this.t.identity && p.dateOfBirth ? { date_of_birth: p.dateOfBirth } : {}),
      version,
    });
  }

  memberSaved(
    db: Queryable,
    p: EventPayloads['auth.family-member-saved'],
    version: number,
  ): Promise<boolean> {
    return this.member(db, p.userId, p.familyMember, false, version);
  }

  memberRemoved(
    db: Queryable,
    p: EventPayloads['auth.family-member-removed'],
    version: number,
  ): Promise<boolean> {
    return this.member(db, p.userId, { id: p.familyMemberId, first_name: '', last_name: '' }, true, version);
  }

  async accountRemoved(db: Queryable, p: EventPayloads['auth.account-removed']): Promise<void> {
    await db.query(`DELETE FROM ${this.t.members} WHERE user_id = $1`, [p.userId]);
    await db.query(`DELETE FROM ${this.t.holders} WHERE user_id = $1`, [p.userId]);
  }

  private member(
    db: Queryable,
    userId: string,
    m: FamilyMemberOption,
    removed: boolean,
    version: number,
  ): Promise<boolean> {
    return upsertIfNewer(db, this.t.members, ['id'], {
      id: m.id,
      user_id: userId,
      first_name: m.first_name,
      last_name: m.last_name,
      removed,
      version,
    });
  }
}

/** Durable consumer names, as each context first registered them (a new name would replay the stream). */
export interface PeopleConsumerNames {
  registered: string;
  named: string;
}

/** Registers the context's consumers of auth's people events, each applying one fact to the projection. */
export const consumePeople = async (
  events: Pick<ContextEvents, 'consume'>,
  projection: PeopleProjection,
  names: PeopleConsumerNames,
): Promise<void> => {
  await events.consume(
    names.registered,
    ['auth.user-registered'],
    async (e, tx) => void (await projection.named(tx, e.payload, e.sequence)),
  );
  await events.consume(
    names.named,
    ['auth.profile-named'],
    async (e, tx) => void (await projection.named(tx, e.payload, e.sequence)),
  );
  await events.consume(
    'family-members-saved',
    ['auth.family-member-saved'],
    async (e, tx) => void (await projection.memberSaved(tx, e.payload, e.sequence)),
  );
  await events.consume(
    'family-members-removed',
    ['auth.family-member-removed'],
    async (e, tx) => void (await projection.memberRemoved(tx, e.payload, e.sequence)),
  );
  await events.consume('accounts-removed', ['auth.account-removed'], (e, tx) =>
    projection.accountRemoved(tx, e.payload),
  );
};
