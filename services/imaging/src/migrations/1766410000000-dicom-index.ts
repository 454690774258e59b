import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The full DICOM index behind DICOMweb. The same SOP instance may belong to two patients' libraries
 * (one is kept once per owner), so the key is (user_id, sop_instance_uid). Each row carries the
 * QIDO-RS attributes, its DICOM JSON metadata (bulk data as BulkDataURI) and where each frame's bytes
 * sit in the stored file, so WADO-RS answers metadata from one query and frames from one file read.
 * Rows stored before this migration have null metadata and frames: they are filled the first time read.
 */
export class DicomIndex1766410000000 implements MigrationInterface {
  name = 'DicomIndex1766410000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE imaging.instances DROP CONSTRAINT instances_pkey, ADD PRIMARY KEY (user_id, sop_instance_uid)`,
    );
    await q.query(`ALTER TABLE imaging.instances
      ADD COLUMN patient_name text NOT NULL DEFAULT '', ADD COLUMN patient_id text NOT NULL DEFAULT '', ADD COLUMN patient_birth_date date,
      ADD COLUMN patient_sex text NOT NULL DEFAULT '', ADD COLUMN accession_number text NOT NULL DEFAULT '', ADD COLUMN study_id text NOT NULL DEFAULT '',
      ADD COLUMN study_time text NOT NULL DEFAULT '', ADD COLUMN referring_physician text NOT NULL DEFAULT '', ADD COLUMN series_description text NOT NULL DEFAULT '',
      ADD COLUMN body_part text NOT NULL DEFAULT '', ADD COLUMN sop_class_uid text NOT NULL DEFAULT '', ADD COLUMN rows int, ADD COLUMN columns int,
      ADD COLUMN number_of_frames int NOT NULL DEFAULT 1, ADD COLUMN metadata jsonb, ADD COLUMN frames jsonb`);
    await q.query(
      `CREATE INDEX instances_owner_study ON imaging.instances (user_id, study_instance_uid, series_number, series_instance_uid, instance_number)`,
    );
    await q.query(`DROP INDEX imaging.instances_user`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX instances_user ON imaging.instances (user_id)`);
    await q.query(`DROP INDEX imaging.instances_owner_study`);
    await q.query(`ALTER TABLE imaging.instances DROP COLUMN patient_name, DROP COLUMN patient_id, DROP COLUMN patient_birth_date, DROP COLUMN patient_sex,
      DROP COLUMN accession_number, DROP COLUMN study_id, DROP COLUMN study_time, DROP COLUMN referring_physician, DROP COLUMN series_description,
      DROP COLUMN body_part, DROP COLUMN sop_class_uid, DROP COLUMN rows, DROP COLUMN columns, DROP COLUMN number_of_frames, DROP COLUMN metadata, DROP COLUMN frames`);
    await q.query(
      `ALTER TABLE imaging.instances DROP CONSTRAINT instances_pkey, ADD PRIMARY KEY (sop_instance_uid)`,
    );
  }
}
