import { createHmac, timingSafeEqual } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { SecretRepository } from './secret.repository';

export type SecretName = 'unsubscribe' | 'altcha';

/** Keys that must outlive a restart (mailed unsubscribe links, bot-check challenges), kept in the auth schema. */
@Injectable()
export class Secrets implements OnModuleInit {
  private values = new Map<SecretName, string>();
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly secrets: SecretRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    const rows = await this.secrets.all(this.kit.db);
    this.values = new Map(rows.map((r) => [r.name as SecretName, r.value]));
  }

  get(name: SecretName): string {
    const value = this.values.get(name);
    if (!value) throw new Error(`auth secret ${name} is missing: run the auth migrations`);
    return value;
  }

  /** The unsubscribe id of a mail: the address, readable, and a signature only this server can make. */
  unsubscribeId(email: string): string {
    const body = Buffer.from(email).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** The address an unsubscribe id stands for, or null when it was not made here. */
  emailOfUnsubscribeId(id: string): string | null {
    const [body, mac, extra] = id.split('.');
    if (!body || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? Buffer.from(body, 'base64url').toString()
      : null;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.get('unsubscribe')).update(body).digest('base64url');
  }
}
