import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';

export type SharingNotification =
  | 'SHARING_INVITATION_SENT_NOTIFICATION'
  | 'SHARING_SHARED_WITH_ME_NOTIFICATION'
  | 'SHARING_SUCCESSFULLY_ACCESSED_NOTIFICATION';

/**
 * Sharing's projection of each user's notification choices (auth sends the complete list, missing
 * values already false). A user auth has not told us about yet counts as off, as in requests.
 */
@Injectable()
export class NotificationSettingsRepository {
  async upsert(db: Queryable, e: EventPayloads['auth.notification-settings-changed']): Promise<void> {
    await db.query(
      `INSERT INTO sharing.notification_settings (user_id, email, settings) VALUES ($1, lower($2), $3)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, settings = EXCLUDED.settings`,
      [
        e.userId,
        e.email,
        JSON.stringify(Object.fromEntries(e.settings.map((s) => [s.mnemonic, s.value === true]))),
      ],
    );
  }

  async updateEmail(db: Queryable, userId: string, email: string): Promise<void> {
    await db.query(`UPDATE sharing.notification_settings SET email = lower($2) WHERE user_id = $1`, [
      userId,
      email,
    ]);
  }

  async remove(db: Queryable, userId: string): Promise<void> {
    await db.query(`DELETE FROM sharing.notification_settings WHERE user_id = $1`, [userId]);
  }

  /** The user's address when the notification is on, else null. */
  async emailIfOn(db: Queryable, userId: string, which: SharingNotification): Promise<string | null> {
    const [row] = await db.query(
      `SELECT email FROM sharing.notification_settings WHERE user_id = $1 AND (settings ->> $2)::boolean`,
      [userId, which],
    );
    return row?.email ?? null;
  }

  async isOn(db: Queryable, userId: string, which: SharingNotification): Promise<boolean> {
    return (await this.emailIfOn(db, userId, which)) !== null;
  }
}
