import { Injectable } from '@nestjs/common';
import { SYSTEM_CALLER, type Tx } from '@portal/server-kit';
import { MembershipChanges } from '../../memberships/membership-changes';
import { MembershipRepository } from '../../memberships/membership.repository';

/**
 * Invitations reach an account only through a proved address (decision 0022): once the holder proved
 * it (signed up from a link mailed there, a verification link, a confirmed change), every invitation
 * waiting at that address is linked to the account and announced, and shows in their pending approvals.
 * An address nobody proved gets nothing. An invitation to a group the account is in already stays unlinked.
 */
@Injectable()
export class LinkInvitations {
  constructor(
    private readonly memberships: MembershipRepository,
    private readonly changes: MembershipChanges,
  ) {}

  async execute(tx: Tx, userId: string, provedEmail: string): Promise<number> {
    const waiting = await this.memberships.lockUnlinked(tx, provedEmail, userId);
    for (const m of waiting) {
      const linked = await this.memberships.change(tx, m.id, { user_id: userId });
      await this.changes.record(tx, linked, SYSTEM_CALLER, 'groups.account-linked');
    }
    return waiting.length;
  }
}
