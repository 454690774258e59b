import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import { liveMembershipSql, type Queryable, upsertIfNewer } from '@portal/server-kit';

export interface SeatMemberRow {
  user_id: string;
  email: string;
}

/**
 * The groups' memberships as billing needs them (groups.membership-changed snapshots at their
 * version): a group's seats are its live patient members; its admins manage the seats (an admin of
 * the patient group, or of the admin group above it); its coordinators and admins may see who is covered.
 */
@Injectable()
export class GroupMemberRepository {
  keep(db: Queryable, p: EventPayloads['groups.membership-changed']): Promise<boolean> {
    return upsertIfNewer(db, 'billing.group_members', ['membership_id'], {
      membership_id: p.membershipId,
      group_id: p.groupId,
      parent_group_id: p.parentGroupId,
      ...(p.groupName ? { group_name: p.groupName } : {}),
      user_id: p.userId,
      email: p.email,
      role: p.role,
      status: p.status,
      expires_at: p.expiresAt,
      version: p.version,
    });
  }

  /** The live patient members of a group: one seat each. */
  patients(db: Queryable, groupId: string): Promise<SeatMemberRow[]> {
    return db.query(
      `SELECT DISTINCT ON (user_id) user_id, email FROM billing.group_members m
       WHERE group_id = $1 AND role = 'PATIENT' AND ${liveMembershipSql('m')} ORDER BY user_id`,
      [groupId],
    );
  }

  async groupName(db: Queryable, groupId: string): Promise<string> {
    const [row] = await db.query(
      `SELECT group_name FROM billing.group_members WHERE group_id = $1 AND group_name <> '' ORDER BY version DESC LIMIT 1`,
      [groupId],
    );
    return (row as { group_name: string } | undefined)?.group_name ?? '';
  }

  /** 'admin' (manages the seats), 'staff' (a coordinator: sees them) or null, for the caller in this patient group. */
  async roleIn(db: Queryable, userId: string, groupId: string): Promise<'admin' | 'staff' | null> {
    const rows: { role: string }[] = await db.query(
      `SELECT a.role FROM billing.group_members a WHERE a.user_id = $1 AND a.role <> 'PATIENT' AND ${liveMembershipSql('a')}
         AND (a.group_id = $2 OR (a.role = 'GROUP_ADMIN' AND a.group_id IN
           (SELECT parent_group_id FROM billing.group_members WHERE group_id = $2 AND parent_group_id IS NOT NULL)))`,
      [userId, groupId],
    );
    if (rows.some((r) => r.role === 'GROUP_ADMIN')) return 'admin';
    return rows.length ? 'staff' : null;
  }

  /** The groups a user is a live patient member of. */
  async groupsOfPatient(db: Queryable, userId: string): Promise<string[]> {
    const rows: { group_id: string }[] = await db.query(
      `SELECT DISTINCT group_id FROM billing.group_members m WHERE user_id = $1 AND role = 'PATIENT' AND ${liveMembershipSql('m')}`,
      [userId],
    );
    return rows.map((r) => r.group_id);
  }

  /** Everyone who has ever been a patient member of the group (whose cover may change with its plan). */
  async everyPatient(db: Queryable, groupId: string): Promise<string[]> {
    const rows: { user_id: string }[] = await db.query(
      `SELECT DISTINCT user_id FROM billing.group_members WHERE group_id = $1 AND role = 'PATIENT'`,
      [groupId],
    );
    return rows.map((r) => r.user_id);
  }
}
