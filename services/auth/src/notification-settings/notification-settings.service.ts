import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { completeSettings, NOTIFICATION_MNEMONICS, normaliseSettings, notificationAllowed, type NotificationChild, type NotificationSetting } from '@portal/contracts';
import { type ContextKit, InjectContext } from '@portal/server-kit';

/** A user's notification switches; a missing row counts as false (spec). */
@Injectable()
export class NotificationSettingsService {
  constructor(@InjectContext('auth') private readonly kit: ContextKit) {}

  async get(userId: string, tx: EntityManager = this.kit.ds.manager): Promise<NotificationSetting[]> {
    const rows: NotificationSetting[] = await tx.query(`SELECT mnemonic, value FROM auth.notification_settings WHERE user_id = $1`, [userId]);
    return completeSettings(rows);
  }

  async allowed(userId: string, child: NotificationChild, tx?: EntityManager): Promise<boolean> {
    return notificationAllowed(await this.get(userId, tx), child);
  }

  /** Stores the complete list (children of an off group off too) and tells the other contexts. */
  async save(tx: EntityManager, user: { id: string; email: string }, list: readonly NotificationSetting[]): Promise<NotificationSetting[]> {
    const settings = normaliseSettings(list);
    await tx.query(
      `INSERT INTO auth.notification_settings (user_id, mnemonic, value) SELECT $1, m, v FROM unnest($2::text[], $3::boolean[]) AS s(m, v)
       ON CONFLICT (user_id, mnemonic) DO UPDATE SET value = excluded.value`,
      [user.id, settings.map((s) => s.mnemonic), settings.map((s) => s.value)],
    );
    await this.kit.events.record(tx, 'auth.notification-settings-changed', { userId: user.id, email: user.email, settings });
    return settings;
  }

  /** New accounts start with every notification on (explicit rows, so "missing is false" keeps its meaning). */
  allOn(tx: EntityManager, user: { id: string; email: string }): Promise<NotificationSetting[]> {
    return this.save(tx, user, NOTIFICATION_MNEMONICS.map((mnemonic) => ({ mnemonic, value: true })));
  }

  allOff(tx: EntityManager, user: { id: string; email: string }): Promise<NotificationSetting[]> {
    return this.save(tx, user, NOTIFICATION_MNEMONICS.map((mnemonic) => ({ mnemonic, value: false })));
  }
}
