import { Injectable } from '@nestjs/common';
import type { FamilyMemberOption } from '@portal/contracts';
import { PeopleProjection, type Queryable } from '@portal/server-kit';

/** The wizard's copy of auth's people: requester names and family members (written by the one PeopleProjection). */
export const REQUESTS_PEOPLE_TABLES = { holders: 'requests.requesters', members: 'requests.family_members' };
export const REQUESTS_PEOPLE = new PeopleProjection(REQUESTS_PEOPLE_TABLES);

/** The reads of the projection of auth's facts: requester names and family members. */
@Injectable()
export class FamilyMemberRepository {
  async requester(db: Queryable, userId: string): Promise<{ first_name: string; last_name: string } | null> {
    const [row] = await db.query(`SELECT first_name, last_name FROM requests.requesters WHERE user_id = $1`, [
      userId,
    ]);
    return row ?? null;
  }

  listByUser(db: Queryable, userId: string): Promise<FamilyMemberOption[]> {
    return db.query(
      `SELECT id, first_name, last_name FROM requests.family_members WHERE user_id = $1 AND NOT removed ORDER BY first_name, last_name, id`,
      [userId],
    );
  }
}
