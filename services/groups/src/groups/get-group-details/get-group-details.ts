import { Injectable } from '@nestjs/common';
import type { GroupDetails, GroupMember } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { MembershipRepository, toGroupMember } from '../../memberships/membership.repository';
import { GroupAccess } from '../group-access';
import { GroupRepository } from '../group.repository';

/**
 * GET groups/getDetails?groupId=: one group as its staff see it: its information, its patients and its
 * staff (coordinators and admins) with their status, and an admin group's patient groups. An admin
 * sees every permission of every row; a coordinator sees the patients' permissions (what they may do
 * for them) and of the other staff only names and status. Anyone else: the group is not found.
 */
@Injectable()
export class GetGroupDetails {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly access: GroupAccess,
    private readonly groups: GroupRepository,
    private readonly memberships: MembershipRepository,
  ) {}

  async execute(userId: string, groupId: string): Promise<GroupDetails> {
    const db = this.kit.db;
    const staff = await this.access.staff(db, userId, groupId);
    const { group } = staff;
    const [parent, rows, patientGroups] = await Promise.all([
      group.parent_id ? this.groups.find(db, group.parent_id) : null,
      this.memberships.ofGroup(db, group.id),
      group.organization_type === 'ADMIN_GROUP' ? this.groups.patientGroups(db, group.id) : [],
    ]);
    const admin = staff.role === 'GROUP_ADMIN';
    const staffRow = (m: GroupMember): GroupMember =>
      admin || m.userId === userId ? m : { ...m, permissions: [], expiresAt: null };
    const members = rows.map(toGroupMember);
    return {
      id: group.id,
      name: group.name,
      description: group.description,
      contactEmail: group.contact_email,
      contactPhone: group.contact_phone,
      organization_type: { mnemonic: group.organization_type },
      parentId: group.parent_id,
      parentName: parent?.name ?? null,
      myRole: staff.role,
      myPermissions: staff.permissions,
      members: members.filter((m) => m.role === 'PATIENT'),
      coordinators: members.filter((m) => m.role !== 'PATIENT').map(staffRow),
      patientGroups,
    };
  }
}
