import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@portal/server-kit';

export class GroupsInit1763800000000 implements MigrationInterface {
  name = 'GroupsInit1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await createPlatformTables(q, 'groups');
    await q.query(`CREATE TABLE groups.groups (
      id uuid PRIMARY KEY, name text NOT NULL, organization_type text NOT NULL CHECK (organization_type IN ('PATIENT_GROUP','ADMIN_GROUP')),
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE TABLE groups.members (
      group_id uuid NOT NULL REFERENCES groups.groups(id) ON DELETE CASCADE, user_id uuid NOT NULL,
      member_role text NOT NULL CHECK (member_role IN ('PATIENT','MEDICAL_COORDINATOR','GROUP_ADMIN')), PRIMARY KEY (group_id, user_id))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE groups.members, groups.groups`);
    await dropPlatformTables(q, 'groups');
  }
}
