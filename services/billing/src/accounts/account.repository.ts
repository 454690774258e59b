import { Injectable } from '@nestjs/common';
import { type Queryable, upsertIfNewer } from '@portal/server-kit';

export interface AccountRow {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
}

/** Auth's account holders as billing needs them: the address receipts and reminders go to, and the name on the customer. */
@Injectable()
export class AccountRepository {
  /** A snapshot at the event's version (a seed's 0 never overrides what an event wrote). */
  keep(db: Queryable, row: Partial<AccountRow> & { user_id: string }, version: number): Promise<boolean> {
    return upsertIfNewer(db, 'billing.accounts', ['user_id'], { email: '', ...row, version });
  }

  /** A field that changes alone (an address, a name) at its event's version. */
  async change(db: Queryable, userId: string, fields: Partial<AccountRow>, version: number): Promise<void> {
    const cols = Object.keys(fields);
    if (!cols.length) return;
    await db.query(
      `UPDATE billing.accounts SET ${cols.map((c, i) => `${c} = $${i + 3}`).join(', ')}, version = $2
       WHERE user_id = $1 AND version < $2`,
      [userId, version, ...cols.map((c) => fields[c as keyof AccountRow])],
    );
  }

  async find(db: Queryable, userId: string): Promise<AccountRow | null> {
    const [row] = await db.query(
      `SELECT user_id, email, first_name, last_name FROM billing.accounts WHERE user_id = $1`,
      [userId],
    );
    return (row as AccountRow | undefined) ?? null;
  }

  remove(db: Queryable, userId: string): Promise<unknown> {
    return db.query(`DELETE FROM billing.accounts WHERE user_id = $1`, [userId]);
  }
}
