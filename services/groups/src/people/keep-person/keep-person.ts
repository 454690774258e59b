import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@portal/contracts';
import { SYSTEM_CALLER, type Tx } from '@portal/server-kit';
import { MembershipChanges } from '../../memberships/membership-changes';
import { MembershipRepository } from '../../memberships/membership.repository';
import { LinkInvitations } from '../link-invitations/link-invitations';
import { PeopleRepository } from '../people.repository';

/**
 * The groups context's copy of each account holder (auth owns them), one reaction per auth event: names
 * and addresses at the event's version, a proved address links the invitations waiting there, a saved
 * ID leaves the worklist, and a removed account leaves every group (announced, so nobody acts for it).
 */
@Injectable()
export class KeepPerson {
  constructor(
    private readonly people: PeopleRepository,
    private readonly memberships: MembershipRepository,
    private readonly changes: MembershipChanges,
    private readonly invitations: LinkInvitations,
  ) {}

  /** Signed up; from an invitation link (or seeded) the address is proved at once. */
  async registered(tx: Tx, e: EventEnvelope<'auth.user-registered'>): Promise<void> {
    const p = e.payload;
    await this.people.registered(tx, p, e.sequence);
    if (p.emailVerified === true) await this.proved(tx, p.userId, p.email);
  }

  async named(tx: Tx, e: EventEnvelope<'auth.profile-named'>): Promise<void> {
    await this.people.named(tx, e.payload, e.sequence);
  }

  /** The owner proved the address (a link mailed there reached them). */
  async emailVerified(tx: Tx, e: EventEnvelope<'auth.email-verified'>): Promise<void> {
    await this.proved(tx, e.payload.userId, e.payload.email);
  }

  /** Confirmed through a link mailed to the new address: proved. */
  async emailChanged(tx: Tx, e: EventEnvelope<'auth.email-changed'>): Promise<void> {
    const p = e.payload;
    if (await this.people.emailChanged(tx, p.userId, p.newEmail, e.sequence))
      await this.invitations.execute(tx, p.userId, p.newEmail);
  }

  async identitySaved(tx: Tx, e: EventEnvelope<'auth.identity-saved'>): Promise<void> {
    await this.people.identitySaved(tx, e.payload.userId);
  }

  async removed(tx: Tx, e: EventEnvelope<'auth.account-removed'>): Promise<void> {
    for (const m of await this.memberships.lockLiveOfUser(tx, e.payload.userId)) {
      const left = await this.memberships.change(tx, m.id, { status: 'LEFT', responded_at: new Date() });
      await this.changes.record(tx, left, SYSTEM_CALLER, 'groups.account-removed', { was: m.status });
    }
    await this.people.remove(tx, e.payload.userId);
  }

  /** Linked only while the address is still the account's (a proof of an address it left proves nothing now). */
  private async proved(tx: Tx, userId: string, email: string): Promise<void> {
    if (await this.people.markProved(tx, userId, email)) await this.invitations.execute(tx, userId, email);
  }
}
