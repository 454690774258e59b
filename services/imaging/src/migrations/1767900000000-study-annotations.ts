import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31 (decision 0032): the measurements and key images of a study, one row per owner's copy of it
 * (the same study in two libraries has two sets), each set whole as JSON and a version that every save
 * must name (optimistic concurrency).
 */
export class StudyAnnotations1767900000000 implements MigrationInterface {
  name = 'StudyAnnotations1767900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE imaging.study_annotations (
      owner_user_id uuid NOT NULL, study_instance_uid text NOT NULL,
      measurements jsonb NOT NULL DEFAULT '[]', key_images jsonb NOT NULL DEFAULT '[]',
      version integer NOT NULL CHECK (version > 0), updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (owner_user_id, study_instance_uid))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE imaging.study_annotations`);
  }
}
