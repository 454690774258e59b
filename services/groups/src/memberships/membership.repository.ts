import { Injectable } from '@nestjs/common';
import {
  GROUP_PERMISSIONS,
  type GroupMember,
  type GroupMemberRole,
  type GroupPermission,
  type MembershipStatus,
  MEMBERSHIP_REMINDER_DAYS,
  type MyMembership,
  type PendingInvitation,
} from '@portal/contracts';
import { liveMembershipSql, type Queryable, returning } from '@portal/server-kit';
import { STAFF_GROUPS } from '../groups/group.repository';

/** A membership as the groups context keeps it. */
export interface MembershipRow {
  id: string;
  group_id: string;
  user_id: string | null;
  email: string;
  first_name: string;
  last_name: string;
  role: GroupMemberRole;
  status: MembershipStatus;
  permissions: GroupPermission[];
  expires_at: Date | null;
  invited_by: string | null;
  invited_at: Date;
  responded_at: Date | null;
  reminded_at: Date | null;
  version: string;
}

/** A membership with what its snapshot event needs besides the row: the group's parent and the member's person. */
export interface MembershipSnapshotRow extends MembershipRow {
  parent_id: string | null;
  person_id: string | null;
  proved_email: string | null;
  group_name: string;
}

/** A membership with the member's current name and address (theirs once linked) and whether their ID is saved. */
export interface ListedMemberRow extends MembershipRow {
  identity_saved: boolean | null;
  group_name?: string;
}

/** The fields a change may set (the version goes up with each). */
export type MembershipChange = Partial<
  Pick<MembershipRow, 'status' | 'permissions' | 'expires_at' | 'responded_at' | 'user_id' | 'reminded_at'>
>;

export type NewMembership = Pick<
  MembershipRow,
  'id' | 'group_id' | 'user_id' | 'email' | 'first_name' | 'last_name' | 'role' | 'status' | 'permissions'
> &
  Partial<Pick<MembershipRow, 'expires_at' | 'invited_by' | 'responded_at'>>;

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/** Permissions in the contracts' order, each once. */
export const orderedPermissions = (given: readonly string[]): GroupPermission[] =>
  GROUP_PERMISSIONS.filter((p) => given.includes(p));

export const toGroupMember = (r: ListedMemberRow | MembershipRow): GroupMember => ({
  membershipId: r.id,
  userId: r.user_id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  role: r.role,
  status: r.status,
  permissions: orderedPermissions(r.permissions),
  expiresAt: iso(r.expires_at),
  invitedAt: iso(r.invited_at)!,
  respondedAt: iso(r.responded_at),
  identityVerified: r.role === 'PATIENT' && 'identity_saved' in r && r.identity_saved === true,
});

/** The member's name and address as the people projection has them once the membership has an account. */
const DISPLAY = `m.id, m.group_id, m.user_id, coalesce(nullif(p.email, ''), m.email) AS email,
  coalesce(nullif(p.first_name, ''), m.first_name) AS first_name, coalesce(nullif(p.last_name, ''), m.last_name) AS last_name,
  m.role, m.status, m.permissions, m.expires_at, m.invited_by, m.invited_at, m.responded_at, m.reminded_at, m.version, p.identity_saved`;

const CHANGEABLE = ['status', 'permissions', 'expires_at', 'responded_at', 'user_id', 'reminded_at'] as const;

/** One of the worklist's lists: which memberships, in which order. */
export type WorklistKind = 'pending' | 'expiring' | 'missingIdentity';
const WORKLIST: Record<WorklistKind, { where: string; order: string }> = {
  pending: { where: `m.status = 'PENDING'`, order: 'm.invited_at DESC, m.id' },
  expiring: {
    where: `m.status = 'ACTIVE' AND m.expires_at > now() AND m.expires_at <= now() + interval '${MEMBERSHIP_REMINDER_DAYS} days'`,
    order: 'm.expires_at, m.id',
  },
  missingIdentity: {
    where: `m.role = 'PATIENT' AND m.status = 'ACTIVE' AND m.user_id IS NOT NULL AND NOT coalesce(p.identity_saved, false)`,
    order: 'last_name, first_name, m.id',
  },
};

interface OwnMembershipRow extends MembershipRow {
  group_name: string;
  group_description: string;
  inviter_first_name: string | null;
  inviter_last_name: string | null;
  inviter_email: string | null;
  coordinators: string[] | null;
}

/** All SQL on memberships. */
@Injectable()
export class MembershipRepository {
  async insert(tx: Queryable, m: NewMembership): Promise<MembershipRow> {
    const [row] = await returning<MembershipRow>(
      tx,
      `INSERT INTO groups.memberships (id, group_id, user_id, email, first_name, last_name, role, status, permissions, expires_at, invited_by, responded_at)
       VALUES ($1,$2,$3,lower($4),$5,$6,$7,$8,$9,$10,$11,$12) RETURNING *`,
      [
        m.id,
        m.group_id,
        m.user_id,
        m.email,
        m.first_name,
        m.last_name,
        m.role,
        m.status,
        orderedPermissions(m.permissions),
        m.expires_at ?? null,
        m.invited_by ?? null,
        m.responded_at ?? null,
      ],
    );
    return row!;
  }

  find(db: Queryable, id: string): Promise<MembershipRow | null> {
    return db
      .query(`SELECT * FROM groups.memberships WHERE id = $1`, [id])
      .then((r: MembershipRow[]) => r[0] ?? null);
  }

  /** The row, locked for a change in this transaction. */
  lock(tx: Queryable, id: string): Promise<MembershipRow | null> {
    return tx
      .query(`SELECT * FROM groups.memberships WHERE id = $1 FOR UPDATE`, [id])
      .then((r: MembershipRow[]) => r[0] ?? null);
  }

  /** A pending or active membership of the group for this account or this address, if any. */
  live(db: Queryable, groupId: string, userId: string | null, email: string): Promise<MembershipRow | null> {
    return db
      .query(
        `SELECT * FROM groups.memberships WHERE group_id = $1 AND status IN ('PENDING','ACTIVE')
           AND (user_id = $2 OR lower(email) = lower($3)) LIMIT 1`,
        [groupId, userId, email],
      )
      .then((r: MembershipRow[]) => r[0] ?? null);
  }

  /** Applies a change and raises the row's version; answers the row as it is now. */
  async change(tx: Queryable, id: string, change: MembershipChange): Promise<MembershipRow> {
    const cols = CHANGEABLE.filter((c) => c in change);
    const values = cols.map((c) =>
      c === 'permissions' ? orderedPermissions(change.permissions!) : change[c],
    );
    const [row] = await returning<MembershipRow>(
      tx,
      `UPDATE groups.memberships SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')}${cols.length ? ', ' : ''}version = version + 1
       WHERE id = $1 RETURNING *`,
      [id, ...values],
    );
    return row!;
  }

  /** The row with its group's parent and the member's person and proved address, for its snapshot event. */
  snapshot(tx: Queryable, id: string): Promise<MembershipSnapshotRow | null> {
    return tx
      .query(
        `SELECT m.*, g.parent_id, g.name AS group_name, p.person_id, CASE WHEN p.email_verified AND p.email <> '' THEN p.email END AS proved_email
         FROM groups.memberships m JOIN groups.groups g ON g.id = m.group_id
         LEFT JOIN groups.people p ON p.user_id = m.user_id WHERE m.id = $1`,
        [id],
      )
      .then((r: MembershipSnapshotRow[]) => r[0] ?? null);
  }

  /** A group's memberships but the rejected ones: by status (active first), newest invitation first within one. */
  ofGroup(db: Queryable, groupId: string): Promise<ListedMemberRow[]> {
    return db.query(
      `SELECT ${DISPLAY} FROM groups.memberships m LEFT JOIN groups.people p ON p.user_id = m.user_id
       WHERE m.group_id = $1 AND m.status <> 'REJECTED'
       ORDER BY array_position(ARRAY['ACTIVE','PENDING','LEFT','REMOVED'], m.status), m.invited_at DESC, m.id`,
      [groupId],
    );
  }

  /**
   * One list of the worklist across the groups user $1 is staff of (or one of them): patients' rows,
   * and every row of a group they administer.
   */
  worklist(
    db: Queryable,
    userId: string,
    kind: WorklistKind,
    groupId: string | null,
    page: { limit: number; offset: number },
  ): Promise<ListedMemberRow[]> {
    const { where, order } = WORKLIST[kind];
    return db.query(
      `WITH ${STAFF_GROUPS}
       SELECT ${DISPLAY}, g.name AS group_name FROM staff s
       JOIN groups.groups g ON g.id = s.id
       JOIN groups.memberships m ON m.group_id = s.id
       LEFT JOIN groups.people p ON p.user_id = m.user_id
       WHERE ($2::uuid IS NULL OR s.id = $2) AND (m.role = 'PATIENT' OR s.admin = 1) AND ${where}
       ORDER BY ${order} LIMIT $3 OFFSET $4`,
      [userId, groupId, page.limit, page.offset],
    );
  }

  /** The user's own memberships in these statuses, with the group, who invited them and who may act for them. */
  async ofUser(db: Queryable, userId: string, statuses: MembershipStatus[]): Promise<MyMembership[]> {
    const rows: OwnMembershipRow[] = await db.query(
      `SELECT m.*, g.name AS group_name, g.description AS group_description,
         i.first_name AS inviter_first_name, i.last_name AS inviter_last_name, i.email AS inviter_email,
         (SELECT array_agg(trim(coalesce(nullif(cp.first_name || ' ' || cp.last_name, ' '), c.first_name || ' ' || c.last_name)) ORDER BY c.role DESC, c.invited_at)
            FROM groups.memberships c LEFT JOIN groups.people cp ON cp.user_id = c.user_id
            WHERE ${liveMembershipSql('c')}
              AND ((c.group_id = g.id AND c.role IN ('MEDICAL_COORDINATOR','GROUP_ADMIN')) OR (c.group_id = g.parent_id AND c.role = 'GROUP_ADMIN'))
              AND c.user_id IS DISTINCT FROM m.user_id) AS coordinators
       FROM groups.memberships m JOIN groups.groups g ON g.id = m.group_id
       LEFT JOIN groups.people i ON i.user_id = m.invited_by
       WHERE m.user_id = $1 AND m.status = ANY($2) ORDER BY m.invited_at DESC, m.id`,
      [userId, statuses],
    );
    return rows.map((r) => ({
      ...toPendingInvitation(r),
      status: r.status,
      coordinators: (r.coordinators ?? []).filter(Boolean),
    }));
  }

  /** Pending invitations at an address that no account has taken yet, locked: those the proved holder may take. */
  lockUnlinked(tx: Queryable, email: string, userId: string): Promise<MembershipRow[]> {
    return tx.query(
      `SELECT * FROM groups.memberships m WHERE m.user_id IS NULL AND m.status = 'PENDING' AND lower(m.email) = lower($1)
         AND NOT EXISTS (SELECT 1 FROM groups.memberships o WHERE o.group_id = m.group_id AND o.user_id = $2 AND o.status IN ('PENDING','ACTIVE'))
       ORDER BY m.id FOR UPDATE OF m`,
      [email, userId],
    );
  }

  /** The user's pending and active memberships, locked (their account is going). */
  lockLiveOfUser(tx: Queryable, userId: string): Promise<MembershipRow[]> {
    return tx.query(
      `SELECT * FROM groups.memberships WHERE user_id = $1 AND status IN ('PENDING','ACTIVE') ORDER BY id FOR UPDATE`,
      [userId],
    );
  }

  /**
   * Active memberships expiring before `until` whose member has not been reminded, each with the
   * group's name; locked (skipping rows another process is reminding).
   */
  lockDueReminders(
    tx: Queryable,
    until: Date,
    limit: number,
  ): Promise<Array<ListedMemberRow & { group_name: string }>> {
    return tx.query(
      `SELECT ${DISPLAY}, g.name AS group_name FROM groups.memberships m
       JOIN groups.groups g ON g.id = m.group_id LEFT JOIN groups.people p ON p.user_id = m.user_id
       WHERE m.status = 'ACTIVE' AND m.reminded_at IS NULL AND m.expires_at IS NOT NULL AND m.expires_at > now() AND m.expires_at <= $1
       ORDER BY m.expires_at, m.id LIMIT $2 FOR UPDATE OF m SKIP LOCKED`,
      [until, limit],
    );
  }

  markReminded(tx: Queryable, ids: string[]): Promise<unknown> {
    return tx.query(`UPDATE groups.memberships SET reminded_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
  }
}

export const toPendingInvitation = (r: OwnMembershipRow): PendingInvitation => ({
  membershipId: r.id,
  groupId: r.group_id,
  groupName: r.group_name,
  groupDescription: r.group_description,
  role: r.role,
  permissions: orderedPermissions(r.permissions),
  invitedBy:
    `${r.inviter_first_name ?? ''} ${r.inviter_last_name ?? ''}`.trim() || r.inviter_email || 'The group',
  invitedAt: iso(r.invited_at)!,
  expiresAt: iso(r.expires_at),
});
