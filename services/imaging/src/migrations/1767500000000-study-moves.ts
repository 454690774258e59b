import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28: studies moved in from a facility's system (Smart FHIR), one row per request: where from,
 * how far (instances and bytes done of the total), and which process holds it (a lease it renews as it
 * goes: a move whose process died is taken up by another, or by the same after a restart, and carries
 * on from the instances already stored).
 */
export class StudyMoves1767500000000 implements MigrationInterface {
  name = 'StudyMoves1767500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE imaging.study_moves (
      patient_request_id uuid PRIMARY KEY, user_id uuid NOT NULL, source_id text NOT NULL, wado_root text NOT NULL,
      study_instance_uid text NOT NULL, status text NOT NULL DEFAULT 'moving',
      instances_total integer, instances_done integer NOT NULL DEFAULT 0, bytes_done bigint NOT NULL DEFAULT 0,
      attempts integer NOT NULL DEFAULT 0, error text, lease_owner text, lease_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(), finished_at timestamptz)`);
    await q.query(
      `CREATE INDEX study_moves_waiting ON imaging.study_moves (lease_until) WHERE status = 'moving'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE imaging.study_moves`);
  }
}
