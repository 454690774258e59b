import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';
import { coordinatorsManagePatientsOnly, memberNotFound, membershipNotFound } from '../groups.errors';
import { GroupAccess, type StaffView } from '../groups/group-access';
import { MembershipRepository, type MembershipRow } from './membership.repository';

/**
 * Who may touch one membership: the staff of its group (an admin any row, a coordinator a patient's
 * row), or the member themself. Anyone else is told it does not exist.
 */
@Injectable()
export class MemberAccess {
  constructor(
    private readonly access: GroupAccess,
    private readonly memberships: MembershipRepository,
  ) {}

  /** The membership locked for a change by the staff of its group; a coordinator only a patient's. */
  async lockAsStaff(
    tx: Queryable,
    userId: string,
    membershipId: string,
  ): Promise<{ membership: MembershipRow; staff: StaffView }> {
    const membership = await this.memberships.lock(tx, membershipId);
    const staff = membership && (await this.access.staffOrNull(tx, userId, membership.group_id));
    if (!membership || !staff) throw memberNotFound();
    if (staff.role !== 'GROUP_ADMIN' && membership.role !== 'PATIENT') throw coordinatorsManagePatientsOnly();
    return { membership, staff };
  }

  /** The caller's own membership, locked; another's (or none) is not found. */
  async lockOwn(tx: Queryable, userId: string, membershipId: string): Promise<MembershipRow> {
    const membership = await this.memberships.lock(tx, membershipId);
    if (!membership || membership.user_id !== userId) throw membershipNotFound();
    return membership;
  }
}
