import { Injectable } from '@nestjs/common';
import type { GroupMember, UpdateDetailsInput } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { adminHoldsAll, adminOnly, membershipEnded, patientConsentOnly } from '../../groups.errors';
import { expiryOf } from '../dates';
import { MemberAccess } from '../member-access';
import { MembershipChanges } from '../membership-changes';
import {
  type MembershipChange,
  MembershipRepository,
  orderedPermissions,
  toGroupMember,
} from '../membership.repository';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((p) => b.includes(p));

/**
 * POST groups/updateDetails (the admin's permissions page): a coordinator's permissions and expiry, or a
 * patient's expiry. What a patient consented to changes only by the patient (they leave, or accept a new
 * invitation); an admin holds every permission. The change is announced at once: a permission taken
 * away is refused on the coordinator's very next call.
 */
@Injectable()
export class UpdateDetails {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly access: MemberAccess,
    private readonly memberships: MembershipRepository,
    private readonly changes: MembershipChanges,
  ) {}

  async execute(userId: string, input: UpdateDetailsInput, caller: Caller): Promise<GroupMember> {
    const expiresAt = expiryOf(input.expiresAt);
    return this.kit.transaction(async (tx) => {
      const { membership: m, staff } = await this.access.lockAsStaff(tx, userId, input.membershipId);
      if (staff.role !== 'GROUP_ADMIN') throw adminOnly();
      if (m.status !== 'PENDING' && m.status !== 'ACTIVE') throw membershipEnded();
      if (m.role === 'GROUP_ADMIN') throw adminHoldsAll();
      if (m.role === 'PATIENT' && input.permissions.length && !sameSet(input.permissions, m.permissions))
        throw patientConsentOnly();
      const change: MembershipChange = { expires_at: expiresAt };
      if (m.role === 'MEDICAL_COORDINATOR') change.permissions = orderedPermissions(input.permissions);
      // A new expiry gets its own reminder.
      if ((m.expires_at?.getTime() ?? null) !== (expiresAt?.getTime() ?? null)) change.reminded_at = null;
      const changed = await this.memberships.change(tx, m.id, change);
      await this.changes.record(tx, changed, caller, 'groups.permissions-changed', {
        permissions: changed.permissions,
        expiresAt: input.expiresAt ?? null,
        before: { permissions: m.permissions, expiresAt: m.expires_at },
      });
      return toGroupMember(changed);
    });
  }
}
