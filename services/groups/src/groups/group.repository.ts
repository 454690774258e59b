import { Injectable } from '@nestjs/common';
import type { Group, GroupMemberRole, GroupPermission, GroupType } from '@portal/contracts';
import { liveMembershipSql, type Queryable, returning } from '@portal/server-kit';

export interface GroupRow {
  id: string;
  name: string;
  organization_type: GroupType;
  parent_id: string | null;
  description: string;
  contact_email: string;
  contact_phone: string;
}

/** A group as the tabs list it, with the caller's place there. */
interface ListedGroupRow extends GroupRow {
  admin: boolean;
  patients: number;
}

/** What makes a user staff of a group: one of their live memberships. */
export interface StaffTie {
  group_id: string;
  role: GroupMemberRole;
  permissions: GroupPermission[];
}

/**
 * The groups user $1 is staff of, with `admin` 1 where they administer it: their live coordinator and
 * admin memberships, and the patient groups under the admin groups they administer (decision 0027).
 */
export const STAFF_GROUPS = `staff AS (
  SELECT g.id, max(CASE WHEN t.role = 'GROUP_ADMIN' THEN 1 ELSE 0 END) AS admin
  FROM groups.memberships t
  JOIN groups.groups g ON g.id = t.group_id OR (t.role = 'GROUP_ADMIN' AND g.parent_id = t.group_id)
  WHERE t.user_id = $1 AND t.role IN ('MEDICAL_COORDINATOR','GROUP_ADMIN')
    AND ${liveMembershipSql('t')}
  GROUP BY g.id)`;

const PATIENTS = `(SELECT count(*)::int FROM groups.memberships x WHERE x.group_id = g.id AND x.role = 'PATIENT' AND x.status = 'ACTIVE') AS patients`;

const toGroup = (r: ListedGroupRow): Group => ({
  id: r.id,
  name: r.name,
  organization_type: { mnemonic: r.organization_type },
  patientCount: r.patients,
  parentId: r.parent_id,
  myRole: r.admin ? 'GROUP_ADMIN' : 'MEDICAL_COORDINATOR',
});

/** All SQL on the groups themselves. */
@Injectable()
export class GroupRepository {
  find(db: Queryable, id: string): Promise<GroupRow | null> {
    return db
      .query(
        `SELECT id, name, organization_type, parent_id, description, contact_email, contact_phone FROM groups.groups WHERE id = $1`,
        [id],
      )
      .then((r: GroupRow[]) => r[0] ?? null);
  }

  /** The tabs: every group the user is staff of, by name, with its active patients and the user's role there. */
  async listForStaff(db: Queryable, userId: string): Promise<Group[]> {
    const rows: ListedGroupRow[] = await db.query(
      `WITH ${STAFF_GROUPS}
       SELECT g.id, g.name, g.organization_type, g.parent_id, s.admin = 1 AS admin, ${PATIENTS}
       FROM staff s JOIN groups.groups g ON g.id = s.id ORDER BY g.name, g.id`,
      [userId],
    );
    return rows.map(toGroup);
  }

  /** The user's live staff memberships that reach the group: of the group itself, or admin of its parent. */
  staffTies(db: Queryable, userId: string, group: Pick<GroupRow, 'id' | 'parent_id'>): Promise<StaffTie[]> {
    return db.query(
      `SELECT group_id, role, permissions FROM groups.memberships
       WHERE user_id = $1 AND ${liveMembershipSql('groups.memberships')}
         AND ((group_id = $2 AND role IN ('MEDICAL_COORDINATOR','GROUP_ADMIN')) OR (group_id = $3 AND role = 'GROUP_ADMIN'))`,
      [userId, group.id, group.parent_id],
    );
  }

  /** The patient groups of an admin group, as its admins see them. */
  async patientGroups(db: Queryable, adminGroupId: string): Promise<Group[]> {
    const rows: ListedGroupRow[] = await db.query(
      `SELECT g.id, g.name, g.organization_type, g.parent_id, true AS admin, ${PATIENTS}
       FROM groups.groups g WHERE g.parent_id = $1 ORDER BY g.name, g.id`,
      [adminGroupId],
    );
    return rows.map(toGroup);
  }

  /**
   * A new group; answers false when the id is taken already (the seed runs again). A group seeded before
   * groups had parents gets its parent then.
   */
  async insert(
    tx: Queryable,
    g: {
      id: string;
      name: string;
      type: GroupType;
      parentId: string | null;
      description?: string;
      contactEmail?: string;
      contactPhone?: string;
    },
  ): Promise<boolean> {
    const [row] = await returning<{ inserted: boolean }>(
      tx,
      `INSERT INTO groups.groups (id, name, organization_type, parent_id, description, contact_email, contact_phone)
       VALUES ($1,$2,$3,$4,$5,$6,$7)
       ON CONFLICT (id) DO UPDATE SET parent_id = coalesce(groups.groups.parent_id, EXCLUDED.parent_id)
       RETURNING (xmax = 0) AS inserted`,
      [g.id, g.name, g.type, g.parentId, g.description ?? '', g.contactEmail ?? '', g.contactPhone ?? ''],
    );
    return row?.inserted === true;
  }

  async updateInfo(
    tx: Queryable,
    id: string,
    info: { name: string; description: string; contactEmail: string; contactPhone: string },
  ): Promise<void> {
    await tx.query(
      `UPDATE groups.groups SET name = $2, description = $3, contact_email = $4, contact_phone = $5, updated_at = now() WHERE id = $1`,
      [id, info.name, info.description, info.contactEmail, info.contactPhone],
    );
  }
}
