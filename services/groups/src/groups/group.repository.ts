import { Injectable } from '@nestjs/common';
import type { Group } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';

export type GroupType = 'PATIENT_GROUP' | 'ADMIN_GROUP';
export type MemberRole = 'PATIENT' | 'MEDICAL_COORDINATOR' | 'GROUP_ADMIN';

/** All SQL on groups and their members. */
@Injectable()
export class GroupRepository {
  /** The groups a user belongs to, by name, with their patient count. */
  async listForMember(db: Queryable, userId: string): Promise<Group[]> {
    const rows: Array<{ id: string; name: string; organization_type: string; members: number }> =
      await db.query(
        `SELECT g.id, g.name, g.organization_type, (SELECT count(*)::int FROM groups.members x WHERE x.group_id = g.id AND x.member_role = 'PATIENT') AS members
       FROM groups.groups g JOIN groups.members m ON m.group_id = g.id AND m.user_id = $1 ORDER BY g.name`,
        [userId],
      );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      organization_type: { mnemonic: r.organization_type },
      patientCount: r.members,
    }));
  }

  async insertIfMissing(tx: Queryable, g: { id: string; name: string; type: GroupType }): Promise<void> {
    await tx.query(
      `INSERT INTO groups.groups (id, name, organization_type) VALUES ($1,$2,$3) ON CONFLICT DO NOTHING`,
      [g.id, g.name, g.type],
    );
  }

  async addMember(tx: Queryable, groupId: string, userId: string, role: MemberRole): Promise<void> {
    await tx.query(
      `INSERT INTO groups.members (group_id, user_id, member_role) VALUES ($1,$2,$3) ON CONFLICT DO NOTHING`,
      [groupId, userId, role],
    );
  }
}
