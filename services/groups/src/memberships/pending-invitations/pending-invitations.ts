import { Injectable } from '@nestjs/common';
import type { PendingInvitation } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { MembershipRepository } from '../membership.repository';

/**
 * GET pendingApproval/loadGrid: the invitations waiting for the caller's answer, each with its group and
 * the permissions accepting would give. Only the caller's account's: an invitation to an address reaches
 * it once the caller proved that address.
 */
@Injectable()
export class PendingInvitations {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly memberships: MembershipRepository,
  ) {}

  async execute(userId: string): Promise<PendingInvitation[]> {
    const rows = await this.memberships.ofUser(this.kit.db, userId, ['PENDING']);
    return rows.map(({ status: _status, coordinators: _coordinators, ...invitation }) => invitation);
  }
}
