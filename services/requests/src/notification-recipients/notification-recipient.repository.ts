import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

/** All SQL on the projection of auth's facts the completion mail needs: each user's address and choice. */
@Injectable()
export class NotificationRecipientRepository {
  async upsert(tx: Queryable, userId: string, email: string, requestCompletion: boolean): Promise<void> {
    await tx.query(
      `INSERT INTO requests.notification_recipients (user_id, email, request_completion) VALUES ($1,$2,$3)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, request_completion = EXCLUDED.request_completion`,
      [userId, email, requestCompletion],
    );
  }

  /** A new address for a user we know; a user without settings yet stays unknown (no mail). */
  async updateEmail(tx: Queryable, userId: string, email: string): Promise<void> {
    await tx.query(`UPDATE requests.notification_recipients SET email = $2 WHERE user_id = $1`, [
      userId,
      email,
    ]);
  }

  async remove(tx: Queryable, userId: string): Promise<void> {
    await tx.query(`DELETE FROM requests.notification_recipients WHERE user_id = $1`, [userId]);
  }

  async find(db: Queryable, userId: string): Promise<{ email: string; request_completion: boolean } | null> {
    const [row] = await db.query(
      `SELECT email, request_completion FROM requests.notification_recipients WHERE user_id = $1`,
      [userId],
    );
    return row ?? null;
  }
}
