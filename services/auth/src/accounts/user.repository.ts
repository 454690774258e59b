import { Injectable } from '@nestjs/common';
import { ROLES, type RoleMnemonic } from '@portal/contracts';
import { type Queryable, returning } from '@portal/server-kit';

/** A user account with the roles it holds (active ones only). */
export interface Account {
  id: string;
  /** Stored lower-case; unique. */
  email: string;
  /** argon2id; null until the user sets a password (NEW_PASSWORD_REQUIRED). */
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD; null for an account made by registerAccount until the person is saved. */
  dateOfBirth: string | null;
  locale: string;
  personId: string;
  activeRole: RoleMnemonic;
  roles: RoleMnemonic[];
  /** The owner proved the address (a mailed link reached it): only then do shares reach the account. */
  emailVerified: boolean;
}

export type NewAccountRow = Omit<Account, 'activeRole'>;

const ACCOUNT_SQL = `SELECT u.id, u.email, u.password_hash AS "passwordHash", u.first_name AS "firstName", u.last_name AS "lastName",
  to_char(u.date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth", u.locale, u.person_id AS "personId", u.active_role AS "activeRole",
  u.email_verified_at IS NOT NULL AS "emailVerified",
  coalesce(array_agg(r.mnemonic) FILTER (WHERE r.active), '{}') AS roles
  FROM auth.users u LEFT JOIN auth.user_roles r ON r.user_id = u.id`;

/** Roles in the spec's order, whatever order the join found them in. */
const account = (row: Account | undefined): Account | null =>
  row ? { ...row, roles: row.roles.sort((a, b) => ROLES.indexOf(a) - ROLES.indexOf(b)) } : null;

/**
 * All SQL on accounts (auth.users and auth.user_roles). Like every repository of the context it holds
 * no connection: each method takes the pool (kit.db) or the caller's transaction first.
 */
@Injectable()
export class UserRepository {
  async findById(db: Queryable, id: string): Promise<Account | null> {
    const [row] = await db.query(`${ACCOUNT_SQL} WHERE u.id = $1 GROUP BY u.id`, [id]);
    return account(row);
  }

  /** Gives an existing account a role (active); answers whether it was new to them. */
  async addRole(tx: Queryable, userId: string, role: RoleMnemonic): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `INSERT INTO auth.user_roles (user_id, mnemonic) SELECT id, $2 FROM auth.users WHERE id = $1
       ON CONFLICT (user_id, mnemonic) DO UPDATE SET active = true WHERE NOT auth.user_roles.active RETURNING 1`,
      [userId, role],
    );
    return rows.length > 0;
  }

  /** `email` as typed: accounts are found whatever its case. */
  async findByEmail(db: Queryable, email: string): Promise<Account | null> {
    const [row] = await db.query(`${ACCOUNT_SQL} WHERE u.email = $1 GROUP BY u.id`, [
      email.trim().toLowerCase(),
    ]);
    return account(row);
  }

  /** The account whose person has this phone number (phone login). */
  async findByPhone(db: Queryable, countryCode: string, phone: string): Promise<Account | null> {
    const [row] = await db.query(
      `${ACCOUNT_SQL} JOIN auth.persons p ON p.id = u.person_id WHERE p.country_code = $1 AND p.phone = $2 GROUP BY u.id LIMIT 1`,
      [countryCode, phone],
    );
    return account(row);
  }

  async existsByEmail(db: Queryable, email: string): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM auth.users WHERE email = $1`, [email.trim().toLowerCase()]);
    return rows.length > 0;
  }

  async personIdOfEmail(db: Queryable, email: string): Promise<string | null> {
    const [row] = await db.query(`SELECT person_id FROM auth.users WHERE email = $1`, [
      email.trim().toLowerCase(),
    ]);
    return row?.person_id ?? null;
  }

  /** The account and its roles; the first role is the active one. A taken email fails with a unique violation. */
  async insert(tx: Queryable, a: NewAccountRow): Promise<void> {
    await tx.query(
      `INSERT INTO auth.users (id, email, password_hash, first_name, last_name, date_of_birth, locale, person_id, active_role, email_verified_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9, CASE WHEN $10 THEN now() END)`,
      [
        a.id,
        a.email,
        a.passwordHash,
        a.firstName,
        a.lastName,
        a.dateOfBirth,
        a.locale,
        a.personId,
        a.roles[0],
        a.emailVerified,
      ],
    );
    await tx.query(`INSERT INTO auth.user_roles (user_id, mnemonic) SELECT $1, unnest($2::text[])`, [
      a.id,
      a.roles,
    ]);
  }

  async setPassword(tx: Queryable, id: string, passwordHash: string): Promise<void> {
    await tx.query(`UPDATE auth.users SET password_hash = $2 WHERE id = $1`, [id, passwordHash]);
  }

  async setActiveRole(db: Queryable, id: string, role: RoleMnemonic): Promise<void> {
    await db.query(`UPDATE auth.users SET active_role = $2 WHERE id = $1`, [id, role]);
  }

  /** A confirmed email change: the link reached the new address, so it is proved. */
  async setProvedEmail(tx: Queryable, id: string, email: string): Promise<void> {
    await tx.query(`UPDATE auth.users SET email = $2, email_verified_at = now() WHERE id = $1`, [id, email]);
  }

  /**
   * Marks the address proved while it is still the account's; answers when, or null when it was proved
   * already or the account has another address now (the link was mailed to an older one).
   */
  async markEmailVerified(tx: Queryable, id: string, email: string): Promise<Date | null> {
    const [row] = await returning<{ at: Date }>(
      tx,
      `UPDATE auth.users SET email_verified_at = now() WHERE id = $1 AND email = $2 AND email_verified_at IS NULL RETURNING email_verified_at AS at`,
      [id, email],
    );
    return row?.at ?? null;
  }

  /** The account's own name and date of birth follow its person's (the header and mails use them). */
  async setNames(
    tx: Queryable,
    personId: string,
    names: { firstName: string; lastName: string; dateOfBirth: string },
  ): Promise<void> {
    await tx.query(
      `UPDATE auth.users SET first_name = $2, last_name = $3, date_of_birth = $4 WHERE person_id = $1`,
      [personId, names.firstName, names.lastName, names.dateOfBirth],
    );
  }

  async markOptedOut(tx: Queryable, id: string): Promise<void> {
    await tx.query(`UPDATE auth.users SET opted_out_at = now() WHERE id = $1`, [id]);
  }

  /** The account and, by cascade, its person, family members, settings, links and refresh tokens. */
  async remove(tx: Queryable, id: string): Promise<void> {
    await tx.query(`DELETE FROM auth.users WHERE id = $1`, [id]);
  }

  /** Which of these emails have an account already. */
  async existingEmails(db: Queryable, emails: string[]): Promise<string[]> {
    const rows: Array<{ email: string }> = await db.query(
      `SELECT email FROM auth.users WHERE email = ANY($1)`,
      [emails],
    );
    return rows.map((r) => r.email);
  }
}
