import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import { type Caller, InjectContext, type Tx, type UseCaseKit } from '@portal/server-kit';
import { ActTrail } from '../acts/act-trail';
import { MembershipRepository, type MembershipRow, orderedPermissions } from './membership.repository';

/**
 * Every change of a membership (invited, accepted, rejected, left, removed, permissions or expiry
 * changed, linked to the account that proved its address) is announced and recorded in the transaction
 * that made it: `groups.membership-changed` with the whole membership at its new version (only once it
 * has an account: an address nobody proved is nobody to act for or as), the audit row and the act in
 * the group's logs. Contexts that let coordinators act keep the snapshots and decide from them.
 */
@Injectable()
export class MembershipChanges {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly memberships: MembershipRepository,
    private readonly trail: ActTrail,
  ) {}

  async record(
    tx: Tx,
    changed: MembershipRow,
    caller: Caller,
    action: string,
    detail: Record<string, unknown> = {},
  ): Promise<void> {
    if (changed.user_id) await this.announce(tx, changed.id);
    await this.trail.record(tx, caller, {
      groupId: changed.group_id,
      memberId: changed.user_id,
      action,
      resourceType: 'membership',
      resourceId: changed.id,
      detail: { role: changed.role, status: changed.status, ...detail },
    });
  }

  /** The membership as it is now in this transaction, as its snapshot event. */
  private async announce(tx: Tx, membershipId: string): Promise<void> {
    const m = await this.memberships.snapshot(tx, membershipId);
    if (!m?.user_id) return;
    const payload: EventPayloads['groups.membership-changed'] = {
      membershipId: m.id,
      groupId: m.group_id,
      parentGroupId: m.parent_id,
      userId: m.user_id,
      personId: m.person_id,
      email: m.proved_email ?? m.email,
      role: m.role,
      status: m.status,
      permissions: orderedPermissions(m.permissions),
      expiresAt: m.expires_at ? new Date(m.expires_at).toISOString() : null,
      version: Number(m.version),
      groupName: m.group_name,
    };
    await this.kit.events.record(tx, 'groups.membership-changed', payload);
  }
}
