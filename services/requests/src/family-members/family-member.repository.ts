import { Injectable } from '@nestjs/common';
import type { FamilyMemberOption } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';

/** All SQL on the projections of auth's facts: requester names and family members. */
@Injectable()
export class FamilyMemberRepository {
  async upsertRequester(tx: Queryable, userId: string, firstName: string, lastName: string): Promise<void> {
    await tx.query(
      `INSERT INTO requests.requesters (user_id, first_name, last_name) VALUES ($1,$2,$3)
       ON CONFLICT (user_id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name`,
      [userId, firstName, lastName],
    );
  }

  async requester(db: Queryable, userId: string): Promise<{ first_name: string; last_name: string } | null> {
    const [row] = await db.query(`SELECT first_name, last_name FROM requests.requesters WHERE user_id = $1`, [userId]);
    return row ?? null;
  }

  async upsert(tx: Queryable, userId: string, m: FamilyMemberOption): Promise<void> {
    await tx.query(
      `INSERT INTO requests.family_members (user_id, id, first_name, last_name) VALUES ($1,$2,$3,$4)
       ON CONFLICT (user_id, id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name`,
      [userId, m.id, m.first_name, m.last_name],
    );
  }

  async remove(tx: Queryable, userId: string, id: string): Promise<void> {
    await tx.query(`DELETE FROM requests.family_members WHERE user_id = $1 AND id = $2`, [userId, id]);
  }

  /** Everything kept of a user whose account is gone. */
  async removeUser(tx: Queryable, userId: string): Promise<void> {
    await tx.query(`DELETE FROM requests.family_members WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM requests.requesters WHERE user_id = $1`, [userId]);
  }

  listByUser(db: Queryable, userId: string): Promise<FamilyMemberOption[]> {
    return db.query(`SELECT id, first_name, last_name FROM requests.family_members WHERE user_id = $1 ORDER BY first_name, last_name, id`, [userId]);
  }
}
