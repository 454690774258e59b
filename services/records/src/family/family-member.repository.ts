import { Injectable } from '@nestjs/common';
import { PeopleProjection, type Queryable } from '@portal/server-kit';

export interface PersonName {
  first_name: string;
  last_name: string;
}

/** The library's copy of auth's people: account holders' names and family members (written by the one PeopleProjection). */
export const RECORDS_PEOPLE_TABLES = {
  holders: 'records.account_holders',
  members: 'records.family_members',
  identity: true,
};
export const RECORDS_PEOPLE = new PeopleProjection(RECORDS_PEOPLE_TABLES);

/** The reads of the records context's projection of auth's facts: account holders' names and their family members. */
@Injectable()
export class FamilyMemberRepository {
  async holder(db: Queryable, userId: string): Promise<PersonName | null> {
    const [row] = await db.query(
      `SELECT first_name, last_name FROM records.account_holders WHERE user_id = $1`,
      [userId],
    );
    return row ?? null;
  }

  /** A family member of this user, or null (another user's family member looks exactly like a missing one). */
  async findOwned(db: Queryable, userId: string, id: string): Promise<(PersonName & { id: string }) | null> {
    const [row] = await db.query(
      `SELECT id, first_name, last_name FROM records.family_members WHERE user_id = $1 AND id = $2 AND NOT removed`,
      [userId, id],
    );
    return row ?? null;
  }
}
