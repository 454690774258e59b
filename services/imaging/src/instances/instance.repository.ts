import { Injectable } from '@nestjs/common';
import type { DicomJsonDataset } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import type { InstanceAttributes } from './dicom-index/index-dicom';
import type { FrameIndex } from './dicom-index/frame-index';

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

/** A row of the index as StoreInstances writes it. */
export interface NewInstance {
  attributes: InstanceAttributes;
  metadata: DicomJsonDataset;
  frames: FrameIndex;
  fileKey: string;
  sizeBytes: number;
}

const INSERT_BATCH = 1_000;
/** The QIDO-RS attributes in the order of insertMany's columns patient_name .. number_of_frames. */
const ATTRIBUTE_COLUMNS = [
  'patientName',
  'patientId',
  'patientBirthDate',
  'patientSex',
  'accessionNumber',
  'studyId',
  'studyTime',
  'referringPhysician',
  'seriesDescription',
  'bodyPart',
  'sopClassUid',
  'rows',
  'columns',
  'numberOfFrames',
] as const satisfies ReadonlyArray<keyof InstanceAttributes>;

/** All SQL on the DICOM index (imaging.instances): one row per SOP instance. */
@Injectable()
export class InstanceRepository {
  /**
   * Indexes many instances in one statement per 1,000 rows (a 300-file delivery is one round trip, not
   * one per file), with every QIDO-RS column, the DICOM JSON and the frame index; answers the SOP
   * instance UIDs that were new for the owner. An instance the owner has already is left as it is.
   */
  async insertMany(tx: Queryable, rows: NewInstance[], owner: InstanceOwner): Promise<Set<string>> {
    const inserted = new Set<string>();
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const batch = rows.slice(i, i + INSERT_BATCH);
      const col = <T>(f: (a: InstanceAttributes, r: NewInstance) => T) =>
        batch.map((r) => f(r.attributes, r));
      const result: Array<{ sop_instance_uid: string }> = await tx.query(
        `INSERT INTO imaging.instances (user_id, patient_request_id, sop_instance_uid, study_instance_uid, series_instance_uid, modality,
           study_description, study_date, series_number, instance_number, transfer_syntax, file_key, size_bytes,
           patient_name, patient_id, patient_birth_date, patient_sex, accession_number, study_id, study_time, referring_physician,
           series_description, body_part, sop_class_uid, rows, columns, number_of_frames, metadata, frames)
         SELECT $1, $2, x.sop, x.study, x.series, x.modality, x.description, x.date, x.series_no, x.instance_no, x.syntax, x.key, x.size,
           x.pn, x.pid, x.birth, x.sex, x.accession, x.study_id, x.study_time, x.referring, x.series_description, x.body_part, x.sop_class,
           x.rows, x.columns, x.frame_count, x.metadata::jsonb, x.frames::jsonb
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::date[], $9::int[], $10::int[], $11::text[], $12::text[], $13::bigint[],
           $14::text[], $15::text[], $16::date[], $17::text[], $18::text[], $19::text[], $20::text[], $21::text[], $22::text[], $23::text[], $24::text[],
           $25::int[], $26::int[], $27::int[], $28::text[], $29::text[])
           AS x(sop, study, series, modality, description, date, series_no, instance_no, syntax, key, size, pn, pid, birth, sex, accession, study_id,
             study_time, referring, series_description, body_part, sop_class, rows, columns, frame_count, metadata, frames)
         ON CONFLICT DO NOTHING RETURNING sop_instance_uid`,
        [
          owner.userId,
          owner.patientRequestId,
          col((a) => a.sopInstanceUid),
          col((a) => a.studyInstanceUid),
          col((a) => a.seriesInstanceUid),
          col((a) => a.modality),
          col((a) => a.studyDescription),
          col((a) => a.studyDate),
          col((a) => a.seriesNumber),
          col((a) => a.instanceNumber),
          col((a) => a.transferSyntax),
          col((_, r) => r.fileKey),
          col((_, r) => r.sizeBytes),
          ...ATTRIBUTE_COLUMNS.map((k) => col((a) => a[k])),
          col((_, r) => JSON.stringify(r.metadata)),
          col((_, r) => JSON.stringify(r.frames)),
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

  /**
   * Bytes the owner's instances take, with the owner's stores serialised for the rest of the caller's
   * transaction (a transaction advisory lock), so two uploads at once cannot both fit the last room.
   */
  async lockOwnerAndMeasure(tx: Queryable, userId: string): Promise<number> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('imaging.instances'), hashtext($1))`, [userId]);
    const [{ bytes }] = await tx.query(
      `SELECT coalesce(sum(size_bytes), 0)::float8 AS bytes FROM imaging.instances WHERE user_id = $1`,
      [userId],
    );
    return bytes;
  }

  async countByUser(db: Queryable, userId: string): Promise<number> {
    const [{ count }] = await db.query(
      `SELECT count(*)::int AS count FROM imaging.instances WHERE user_id = $1`,
      [userId],
    );
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

  /** Whether the user has instances of the study (those that came with one patient request, when named). */
  /** The accounts holding instances of the study (with a delivery: that came with that facility delivery), by id. */
  async holdersOf(db: Queryable, studyInstanceUid: string, patientRequestId?: string): Promise<string[]> {
    const rows: Array<{ user_id: string }> = await db.query(
      `SELECT DISTINCT user_id FROM imaging.instances WHERE study_instance_uid = $1 AND ($2::uuid IS NULL OR patient_request_id = $2::uuid) ORDER BY user_id`,
      [studyInstanceUid, patientRequestId ?? null],
    );
    return rows.map((r) => r.user_id);
  }

  /**
   * The instance a study's thumbnail is drawn from, among the owner's instances: the middle one (by
   * instance number) of its first series (lowest series number); null when the owner has none.
   */
  async thumbnailSource(
    db: Queryable,
    ownerId: string,
    studyInstanceUid: string,
  ): Promise<ThumbnailSource | null> {
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
}
