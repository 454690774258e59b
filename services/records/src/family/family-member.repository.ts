import { Injectable } from '@nestjs/common';
import type { FamilyMemberOption } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';

export interface PersonName {
  first_name: string;
  last_name: string;
}

/** All SQL on the records context's projection of auth's facts: account holders' names and their family members. */
@Injectable()
export class FamilyMemberRepository {
  async upsertHolder(tx: Queryable, userId: string, firstName: string, lastName: string): Promise<void> {
    await tx.query(
      `INSERT INTO records.account_holders (user_id, first_name, last_name) VALUES ($1,$2,$3)
       ON CONFLICT (user_id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name`,
      [userId, firstName, lastName],
    );
  }

  async holder(db: Queryable, userId: string): Promise<PersonName | null> {
    const [row] = await db.query(`SELECT first_name, last_name FROM records.account_holders WHERE user_id = $1`, [userId]);
    return row ?? null;
  }

  async upsert(tx: Queryable, userId: string, m: FamilyMemberOption): Promise<void> {
    await tx.query(
      `INSERT INTO records.family_members (id, user_id, first_name, last_name) VALUES ($1,$2,$3,$4)
       ON CONFLICT (id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name WHERE records.family_members.user_id = EXCLUDED.user_id`,
      [m.id, userId, m.first_name, m.last_name],
    );
  }

  async remove(tx: Queryable, userId: string, id: string): Promise<void> {
    await tx.query(`DELETE FROM records.family_members WHERE user_id = $1 AND id = $2`, [userId, id]);
  }

  /** Everything kept of a user whose account is gone. */
  async removeUser(tx: Queryable, userId: string): Promise<void> {
    await tx.query(`DELETE FROM records.family_members WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM records.account_holders WHERE user_id = $1`, [userId]);
  }

  /** A family member of this user, or null (another user's family member looks exactly like a missing one). */
  async findOwned(db: Queryable, userId: string, id: string): Promise<(PersonName & { id: string }) | null> {
    const [row] = await db.query(`SELECT id, first_name, last_name FROM records.family_members WHERE user_id = $1 AND id = $2`, [userId, id]);
    return row ?? null;
  }
}
