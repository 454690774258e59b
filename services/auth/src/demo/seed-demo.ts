import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type ContextKit, DEMO_PASSWORD, DEMO_USERS, demoId, demoPersonId, demoUserId, InjectContext, logger, seedDemoData } from '@portal/server-kit';
import { hashPassword } from '../tokens/passwords';
import { NotificationSettingsService } from '../notification-settings/notification-settings.service';

/** One demo user per role (password Demo-Portal-1), seeded idempotently at start. */
@Injectable()
export class AuthDemoSeed implements OnApplicationBootstrap {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly settings: NotificationSettingsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!seedDemoData()) return;
    const existing: Array<{ email: string }> = await this.kit.ds.query(`SELECT email FROM auth.users WHERE email = ANY($1)`, [DEMO_USERS.map((u) => u.email)]);
    const missing = DEMO_USERS.filter((u) => !existing.some((e) => e.email === u.email));
    if (!missing.length) return;
    const hash = await hashPassword(DEMO_PASSWORD);
    await this.kit.events.transaction(async (tx) => {
      for (const u of missing) {
        const id = demoUserId(u.email);
        const personId = demoPersonId(u.email);
        const inserted: unknown[] = await tx.query(
          `INSERT INTO auth.users (id, email, password_hash, first_name, last_name, date_of_birth, locale, person_id, active_role)
           VALUES ($1,$2,$3,$4,$5,$6,'America/New_York',$7,$8) ON CONFLICT DO NOTHING RETURNING id`,
          [id, u.email, hash, u.firstName, u.lastName, u.dateOfBirth, personId, u.roles[0]],
        );
        if (!inserted.length) continue;
        for (const role of u.roles) await tx.query(`INSERT INTO auth.user_roles (user_id, mnemonic) VALUES ($1,$2)`, [id, role]);
        await tx.query(`INSERT INTO auth.persons (id, user_id, first_name, last_name, date_of_birth, email) VALUES ($1,$2,$3,$4,$5,$6)`, [
          personId, id, u.firstName, u.lastName, u.dateOfBirth, u.email,
        ]);
        if (u.email === 'patient@example.com') {
          await tx.query(
            `UPDATE auth.persons SET phone = '2125550147', address = '350 Fifth Avenue', city_id = 'US:NY:New York City', city = 'New York City',
               state = 'NY', state_name = 'New York', postcode = '10118', country_iso = 'US', country = 'United States' WHERE id = $1`,
            [personId],
          );
          await tx.query(`INSERT INTO auth.family_members (id, user_id, first_name, last_name, relationship_type, relationship_type_id) VALUES ($1,$2,'Sam','Jordan','CHILD',4)`, [
            demoId('family:patient:sam'), id,
          ]);
        }
        await this.settings.allOn(tx, { id, email: u.email });
        await this.kit.events.record(tx, 'auth.user-registered', { userId: id, email: u.email, firstName: u.firstName, lastName: u.lastName, roles: u.roles });
      }
    });
    logger.info({ users: missing.length }, 'demo users seeded');
  }
}
