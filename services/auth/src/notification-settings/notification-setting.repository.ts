import { Injectable } from '@nestjs/common';
import type { NotificationSetting } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';

/** All SQL on a user's notification switches (one row per mnemonic). */
@Injectable()
export class NotificationSettingRepository {
  list(db: Queryable, userId: string): Promise<NotificationSetting[]> {
    return db.query(`SELECT mnemonic, value FROM auth.notification_settings WHERE user_id = $1`, [userId]);
  }

  async upsert(tx: Queryable, userId: string, settings: readonly NotificationSetting[]): Promise<void> {
    await tx.query(
      `INSERT INTO auth.notification_settings (user_id, mnemonic, value) SELECT $1, m, v FROM unnest($2::text[], $3::boolean[]) AS s(m, v)
       ON CONFLICT (user_id, mnemonic) DO UPDATE SET value = excluded.value`,
      [userId, settings.map((s) => s.mnemonic), settings.map((s) => s.value)],
    );
  }
}
