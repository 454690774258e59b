import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';
import type { DicomHeader } from '@portal/server-kit';

export interface InstanceOwner {
  userId: string;
  patientRequestId: string | null;
}

export interface StudySummary {
  study: string;
  modality: string;
  description: string;
  date: string | null;
  n: number;
}

export interface ThumbnailSource {
  sopInstanceUid: string;
  fileKey: string;
}

/** One instance of a study as the viewer lists it (part B of issue 12). */
export interface ViewerInstanceRow {
  series_uid: string;
  series_number: number | null;
  modality: string;
  series_description: string;
  instance_uid: string;
  instance_number: number | null;
  frames: number;
  study_description: string;
  study_date: string | null;
  patient_name: string;
}

/** Where an instance's file is and how many frames it has. */
export interface InstanceFile {
  fileKey: string;
  frames: number;
}

const INSERT_BATCH = 1_000;

/** All SQL on the DICOM index (imaging.instances): one row per SOP instance. */
@Injectable()
export class InstanceRepository {
  /** Indexes an instance; false when that SOP instance is stored already (the same instance twice is kept once). */
  async insertIfMissing(tx: Queryable, h: DicomHeader, owner: InstanceOwner, fileKey: string, sizeBytes: number): Promise<boolean> {
    const inserted: unknown[] = await tx.query(
      `INSERT INTO imaging.instances (sop_instance_uid, study_instance_uid, series_instance_uid, user_id, patient_request_id, modality,
         study_description, study_date, series_number, instance_number, transfer_syntax, file_key, size_bytes)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) ON CONFLICT DO NOTHING RETURNING sop_instance_uid`,
      [h.sopInstanceUid, h.studyInstanceUid, h.seriesInstanceUid, owner.userId, owner.patientRequestId, h.modality, h.studyDescription, h.studyDate, h.seriesNumber, h.instanceNumber, h.transferSyntax, fileKey, sizeBytes],
    );
    return inserted.length > 0;
  }

  /**
   * Indexes many instances in one statement (a 300-file delivery is one round trip per 1,000 rows,
   * not one per file); answers the SOP instance UIDs that were new. The same instance stored before
   * is left as it is.
   */
  async insertMany(tx: Queryable, rows: Array<{ header: DicomHeader; fileKey: string; sizeBytes: number }>, owner: InstanceOwner): Promise<Set<string>> {
    const inserted = new Set<string>();
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const batch = rows.slice(i, i + INSERT_BATCH);
      const col = <T>(f: (r: (typeof batch)[number]) => T) => batch.map(f);
      const result: Array<{ sop_instance_uid: string }> = await tx.query(
        `INSERT INTO imaging.instances (sop_instance_uid, study_instance_uid, series_instance_uid, user_id, patient_request_id, modality,
           study_description, study_date, series_number, instance_number, transfer_syntax, file_key, size_bytes)
         SELECT sop, study, series, $1, $2, modality, description, date, series_no, instance_no, syntax, key, size
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::date[], $9::int[], $10::int[], $11::text[], $12::text[], $13::int[])
           AS x(sop, study, series, modality, description, date, series_no, instance_no, syntax, key, size)
         ON CONFLICT DO NOTHING RETURNING sop_instance_uid`,
        [
          owner.userId,
          owner.patientRequestId,
          col((r) => r.header.sopInstanceUid),
          col((r) => r.header.studyInstanceUid),
          col((r) => r.header.seriesInstanceUid),
          col((r) => r.header.modality),
          col((r) => r.header.studyDescription),
          col((r) => r.header.studyDate),
          col((r) => r.header.seriesNumber),
          col((r) => r.header.instanceNumber),
          col((r) => r.header.transferSyntax),
          col((r) => r.fileKey),
          col((r) => r.sizeBytes),
        ],
      );
      for (const r of result) inserted.add(r.sop_instance_uid);
    }
    return inserted;
  }

  /** Each study's instances stored for the user in total (so a study split across uploads counts them all). */
  async countByStudies(db: Queryable, userId: string, studies: string[]): Promise<Map<string, number>> {
    const rows: Array<{ study: string; n: number }> = await db.query(
      `SELECT study_instance_uid AS study, count(*)::int AS n FROM imaging.instances WHERE user_id = $1 AND study_instance_uid = ANY($2) GROUP BY study_instance_uid`,
      [userId, studies],
    );
    return new Map(rows.map((r) => [r.study, r.n]));
  }

  async countByUser(db: Queryable, userId: string): Promise<number> {
    const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM imaging.instances WHERE user_id = $1`, [userId]);
    return count;
  }

  /** A user's studies, newest first, with their instance count. */
  studiesOfUser(db: Queryable, userId: string): Promise<StudySummary[]> {
    return db.query(
      `SELECT study_instance_uid AS study, min(modality) AS modality, min(study_description) AS description, min(study_date)::text AS date, count(*)::int AS n
       FROM imaging.instances WHERE user_id = $1 GROUP BY study_instance_uid ORDER BY min(study_date) DESC NULLS LAST`,
      [userId],
    );
  }

  /** Whether the user has instances of the study. */
  async hasStudy(db: Queryable, userId: string, studyInstanceUid: string): Promise<boolean> {
    const rows: unknown[] = await db.query(`SELECT 1 FROM imaging.instances WHERE study_instance_uid = $1 AND user_id = $2 LIMIT 1`, [studyInstanceUid, userId]);
    return rows.length > 0;
  }

  /**
   * The instance a study's thumbnail is drawn from, among the owner's instances: the middle one (by
   * instance number) of its first series (lowest series number); null when the owner has none.
   */
  async thumbnailSource(db: Queryable, ownerId: string, studyInstanceUid: string): Promise<ThumbnailSource | null> {
    const rows: ThumbnailSource[] = await db.query(
      `WITH first_series AS (
         SELECT series_instance_uid FROM imaging.instances WHERE study_instance_uid = $1 AND user_id = $2
         ORDER BY series_number ASC NULLS LAST, series_instance_uid LIMIT 1),
       ranked AS (
         SELECT i.sop_instance_uid, i.file_key, row_number() OVER (ORDER BY i.instance_number ASC NULLS LAST, i.sop_instance_uid) AS n, count(*) OVER () AS total
         FROM imaging.instances i JOIN first_series f USING (series_instance_uid)
         WHERE i.study_instance_uid = $1 AND i.user_id = $2)
       SELECT sop_instance_uid AS "sopInstanceUid", file_key AS "fileKey" FROM ranked WHERE n = (total + 1) / 2`,
      [studyInstanceUid, ownerId],
    );
    return rows[0] ?? null;
  }

  /** The owner's instances of a study in viewer order: series by number then UID, instances by number then UID. */
  viewerInstances(db: Queryable, ownerId: string, studyInstanceUid: string): Promise<ViewerInstanceRow[]> {
    return db.query(
      `SELECT series_instance_uid AS series_uid, series_number, modality, series_description, sop_instance_uid AS instance_uid, instance_number,
         number_of_frames AS frames, study_description, study_date::text AS study_date, patient_name
       FROM imaging.instances WHERE user_id = $1 AND study_instance_uid = $2
       ORDER BY series_number ASC NULLS LAST, series_instance_uid, instance_number ASC NULLS LAST, sop_instance_uid`,
      [ownerId, studyInstanceUid],
    );
  }

  /** One of the owner's instances, named by study, series and SOP instance UID; null when there is no such instance. */
  async instanceFile(db: Queryable, ownerId: string, study: string, series: string, sopInstanceUid: string): Promise<InstanceFile | null> {
    const rows: InstanceFile[] = await db.query(
      `SELECT file_key AS "fileKey", number_of_frames AS frames FROM imaging.instances
       WHERE user_id = $1 AND study_instance_uid = $2 AND series_instance_uid = $3 AND sop_instance_uid = $4`,
      [ownerId, study, series, sopInstanceUid],
    );
    return rows[0] ?? null;
  }
}
