import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { AccountRepository } from '../account.repository';

/** Keeps auth's account holders (the address and name a customer and its mails carry), at each event's version. */
@Injectable()
export class KeepAccount {
  constructor(private readonly accounts: AccountRepository) {}

  async registered(tx: Tx, e: EventEnvelope<'auth.user-registered'>): Promise<void> {
    const p = e.payload;
    await this.accounts.keep(
      tx,
      { user_id: p.userId, email: p.email, first_name: p.firstName, last_name: p.lastName },
      e.sequence,
    );
  }

  async named(tx: Tx, e: EventEnvelope<'auth.profile-named'>): Promise<void> {
    const p = e.payload;
    await this.accounts.change(tx, p.userId, { first_name: p.firstName, last_name: p.lastName }, e.sequence);
  }

  async emailChanged(tx: Tx, e: EventEnvelope<'auth.email-changed'>): Promise<void> {
    await this.accounts.change(tx, e.payload.userId, { email: e.payload.newEmail }, e.sequence);
  }

  async removed(tx: Tx, e: EventEnvelope<'auth.account-removed'>): Promise<void> {
    await this.accounts.remove(tx, e.payload.userId);
  }
}
