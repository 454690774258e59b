import { Injectable } from '@nestjs/common';
import { GROUP_PERMISSIONS, type GroupPermission } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import { adminOnly, groupNotFound } from '../groups.errors';
import { GroupRepository, type GroupRow, type StaffTie } from './group.repository';

/** The caller as staff of one group: an admin (of it or of its admin group) or its coordinator. */
export interface StaffView {
  group: GroupRow;
  role: 'GROUP_ADMIN' | 'MEDICAL_COORDINATOR';
  /** What the caller may do for the group's patients: every permission for an admin, the row's for a coordinator. */
  permissions: GroupPermission[];
}

/** The strongest of the caller's ties to a group, or null when there is none. */
export const staffRoleOf = (ties: readonly StaffTie[]): Omit<StaffView, 'group'> | null => {
  if (ties.some((t) => t.role === 'GROUP_ADMIN'))
    return { role: 'GROUP_ADMIN', permissions: [...GROUP_PERMISSIONS] };
  const coordinator = ties.find((t) => t.role === 'MEDICAL_COORDINATOR');
  return coordinator
    ? {
        role: 'MEDICAL_COORDINATOR',
        permissions: GROUP_PERMISSIONS.filter((p) => coordinator.permissions.includes(p)),
      }
    : null;
};

/**
 * Object-level access inside the groups context (decision 0027): a group exists for a caller only when
 * they are its staff (a live coordinator or admin membership, or admin of its admin group); anyone else
 * is told it does not exist (404, never a 403 that would confirm it). Staff doing an admin's act get 403.
 */
@Injectable()
export class GroupAccess {
  constructor(private readonly groups: GroupRepository) {}

  /** The caller as staff of the group, or null (no such group, or not theirs). */
  async staffOrNull(db: Queryable, userId: string, groupId: string): Promise<StaffView | null> {
    const group = await this.groups.find(db, groupId);
    if (!group) return null;
    const role = staffRoleOf(await this.groups.staffTies(db, userId, group));
    return role ? { group, ...role } : null;
  }

  async staff(db: Queryable, userId: string, groupId: string): Promise<StaffView> {
    const view = await this.staffOrNull(db, userId, groupId);
    if (!view) throw groupNotFound();
    return view;
  }

  async admin(db: Queryable, userId: string, groupId: string): Promise<StaffView> {
    const view = await this.staff(db, userId, groupId);
    if (view.role !== 'GROUP_ADMIN') throw adminOnly();
    return view;
  }
}
