import { Injectable } from '@nestjs/common';
import {
  completeSettings,
  NOTIFICATION_MNEMONICS,
  normaliseSettings,
  notificationAllowed,
  type NotificationChild,
  type NotificationSetting,
} from '@portal/contracts';
import { InjectContext, type Queryable, type Tx, type UseCaseKit } from '@portal/server-kit';
import { NotificationSettingRepository } from './notification-setting.repository';

/** A user's notification switches; a missing row counts as false (spec). */
@Injectable()
export class NotificationSettingsService {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly settings: NotificationSettingRepository,
  ) {}

  async get(userId: string, db: Queryable = this.kit.db): Promise<NotificationSetting[]> {
    return completeSettings(await this.settings.list(db, userId));
  }

  async allowed(userId: string, child: NotificationChild): Promise<boolean> {
    return notificationAllowed(await this.get(userId), child);
  }

  /** Stores the complete list (children of an off group off too) and tells the other contexts. */
  async save(
    tx: Tx,
    user: { id: string; email: string },
    list: readonly NotificationSetting[],
  ): Promise<NotificationSetting[]> {
    const settings = normaliseSettings(list);
    await this.settings.upsert(tx, user.id, settings);
    await this.kit.events.record(tx, 'auth.notification-settings-changed', {
      userId: user.id,
      email: user.email,
      settings,
    });
    return settings;
  }

  /** New accounts start with every notification on (explicit rows, so "missing is false" keeps its meaning). */
  allOn(tx: Tx, user: { id: string; email: string }): Promise<NotificationSetting[]> {
    return this.save(
      tx,
      user,
      NOTIFICATION_MNEMONICS.map((mnemonic) => ({ mnemonic, value: true })),
    );
  }

  allOff(tx: Tx, user: { id: string; email: string }): Promise<NotificationSetting[]> {
    return this.save(
      tx,
      user,
      NOTIFICATION_MNEMONICS.map((mnemonic) => ({ mnemonic, value: false })),
    );
  }
}
