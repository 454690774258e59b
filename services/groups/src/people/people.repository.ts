import { Injectable } from '@nestjs/common';
import { type Queryable, returning, upsertIfNewer } from '@portal/server-kit';

/** An account holder as the groups context keeps them (auth owns them). */
export interface PersonRow {
  user_id: string;
  person_id: string | null;
  email: string;
  first_name: string;
  last_name: string;
  email_verified: boolean;
  identity_saved: boolean;
}

/** A person's name for a list, a log or a mail: their name, else their address. */
export const nameOf = (
  p: Pick<PersonRow, 'first_name' | 'last_name' | 'email'> | null | undefined,
  fallback = 'Someone',
): string => `${p?.first_name ?? ''} ${p?.last_name ?? ''}`.trim() || p?.email || fallback;

const TABLE = 'groups.people';

/**
 * All SQL on groups.people, auth's account holders as this context needs them: names for the lists,
 * logs and mails, the address and whether its owner proved it (an invitation reaches an account only
 * through a proved address), and whether the member saved their ID (the worklist). Names and addresses
 * are kept at the version of the event that carried them (auth's outbox sequence); a seed writes
 * version 0, which fills a missing row and never overrides one an event wrote. A proof and a saved ID
 * are facts that only ever become true, so they need no version.
 */
@Injectable()
export class PeopleRepository {
  find(db: Queryable, userId: string): Promise<PersonRow | null> {
    return db
      .query(`SELECT * FROM groups.people WHERE user_id = $1`, [userId])
      .then((r: PersonRow[]) => r[0] ?? null);
  }

  /** The account holding an address, proved or not. */
  byEmail(db: Queryable, email: string): Promise<PersonRow | null> {
    return db
      .query(
        `SELECT * FROM groups.people WHERE email = lower($1) ORDER BY email_verified DESC, version DESC LIMIT 1`,
        [email],
      )
      .then((r: PersonRow[]) => r[0] ?? null);
  }

  /** A new account (or the seed's, at version 0): its person, address and name. */
  registered(
    db: Queryable,
    p: { userId: string; personId?: string | null; email: string; firstName: string; lastName: string },
    version: number,
  ): Promise<boolean> {
    return upsertIfNewer(db, TABLE, ['user_id'], {
      user_id: p.userId,
      person_id: p.personId ?? null,
      email: p.email.toLowerCase(),
      first_name: p.firstName,
      last_name: p.lastName,
      version,
    });
  }

  named(
    db: Queryable,
    p: { userId: string; firstName: string; lastName: string },
    version: number,
  ): Promise<boolean> {
    return upsertIfNewer(db, TABLE, ['user_id'], {
      user_id: p.userId,
      first_name: p.firstName,
      last_name: p.lastName,
      version,
    });
  }

  /** A change confirmed through a link mailed to the new address: proved. */
  emailChanged(db: Queryable, userId: string, email: string, version: number): Promise<boolean> {
    return upsertIfNewer(db, TABLE, ['user_id'], {
      user_id: userId,
      email: email.toLowerCase(),
      email_verified: true,
      version,
    });
  }

  /**
   * The holder proved `email`: kept while it is still their address (a proof of an address the account
   * has left proves nothing now). A proof that arrives before the account makes its row, the name to
   * follow. Answers whether the address is theirs and proved now.
   */
  async markProved(db: Queryable, userId: string, email: string): Promise<boolean> {
    const rows = await returning(
      db,
      `INSERT INTO groups.people (user_id, email, email_verified) VALUES ($1, lower($2), true)
       ON CONFLICT (user_id) DO UPDATE SET email_verified = true WHERE groups.people.email = EXCLUDED.email
       RETURNING user_id`,
      [userId, email],
    );
    return rows.length > 0;
  }

  identitySaved(db: Queryable, userId: string): Promise<unknown> {
    return db.query(
      `INSERT INTO groups.people (user_id, identity_saved) VALUES ($1, true)
       ON CONFLICT (user_id) DO UPDATE SET identity_saved = true`,
      [userId],
    );
  }

  remove(db: Queryable, userId: string): Promise<unknown> {
    return db.query(`DELETE FROM groups.people WHERE user_id = $1`, [userId]);
  }
}
