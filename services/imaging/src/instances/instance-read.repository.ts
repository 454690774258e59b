import { Injectable } from '@nestjs/common';
import type { DicomJsonDataset } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import type { FrameIndex } from './dicom-index/frame-index';
import type { InstanceAttributes } from './dicom-index/index-dicom';

/** Which of an owner's instances a WADO-RS read is about: a study, a series of it, or one instance. */
export interface InstanceSelection {
  owner: string;
  studies: string[];
  series?: string;
  sop?: string;
}

/** A stored file and where it sits in its study, for retrieve and Download All. */
export interface StoredFile {
  fileKey: string;
  study: string;
  series: string;
  sop: string;
  studyDescription: string;
  seriesNumber: number | null;
  seriesDescription: string;
  instanceNumber: number | null;
  sizeBytes: number;
  /** The DICOM PatientName (Last^First), '' when anonymised. */
  patientName: string;
}

/** One instance of a study as the viewer lists it, with the study's header fields. */
/** A stored file with the keys a DICOMDIR records of it ('' where the file has none). */
export interface DiscInstance extends StoredFile {
  patientId: string;
  studyDate: string;
  studyTime: string;
  studyId: string;
  accessionNumber: string;
  modality: string;
  sopClassUid: string;
  transferSyntax: string;
}

export interface ViewerInstanceRow {
  series: string;
  seriesNumber: number | null;
  seriesDescription: string;
  modality: string;
  sop: string;
  instanceNumber: number | null;
  frames: number;
  studyDescription: string;
  studyDate: string | null;
  patientName: string;
}

export interface FrameSource {
  fileKey: string;
  frames: FrameIndex | null;
}

/** An instance's frame source with its SOP instance UID, for a series' pixel data. */
export interface InstanceFrameSource extends FrameSource {
  sop: string;
}

const WHERE = `user_id = $1 AND study_instance_uid = ANY($2) AND ($3::text IS NULL OR series_instance_uid = $3) AND ($4::text IS NULL OR sop_instance_uid = $4)`;
const ORDER =
  'study_instance_uid, series_number NULLS LAST, series_instance_uid, instance_number NULLS LAST, sop_instance_uid';
const args = (s: InstanceSelection) => [s.owner, s.studies, s.series ?? null, s.sop ?? null];
const STORED_FILE = `file_key AS "fileKey", study_instance_uid AS study, series_instance_uid AS series, sop_instance_uid AS sop, study_description AS "studyDescription",
  series_number AS "seriesNumber", series_description AS "seriesDescription", instance_number AS "instanceNumber", size_bytes AS "sizeBytes", patient_name AS "patientName"`;

/** The SQL of WADO-RS reads and Download All over imaging.instances. */
@Injectable()
export class InstanceReadRepository {
  /**
   * The selection's DICOM JSON as one JSON array text, concatenated by PostgreSQL (no parse here), and
   * how many rows have no metadata yet (stored before the full index); body null when nothing matches.
   */
  async metadataText(db: Queryable, s: InstanceSelection): Promise<{ body: string | null; missing: number }> {
    const [row]: Array<{ body: string | null; missing: number }> = await db.query(
      `SELECT '[' || string_agg(metadata::text, ',' ORDER BY ${ORDER}) || ']' AS body, count(*) FILTER (WHERE metadata IS NULL)::int AS missing
       FROM imaging.instances WHERE ${WHERE}`,
      args(s),
    );
    return row;
  }

  /** Where one instance's frames are (frames null: not indexed yet). */
  async frameSource(
    db: Queryable,
    s: Required<Omit<InstanceSelection, 'studies'>> & { study: string },
  ): Promise<FrameSource | null> {
    const rows: FrameSource[] = await db.query(
      `SELECT file_key AS "fileKey", frames FROM imaging.instances WHERE user_id = $1 AND study_instance_uid = $2 AND series_instance_uid = $3 AND sop_instance_uid = $4`,
      [s.owner, s.study, s.series, s.sop],
    );
    return rows[0] ?? null;
  }

  /** The frame sources of the selection's instances, in viewing order. */
  frameSources(db: Queryable, s: InstanceSelection): Promise<InstanceFrameSource[]> {
    return db.query(
      `SELECT sop_instance_uid AS sop, file_key AS "fileKey", frames FROM imaging.instances WHERE ${WHERE} ORDER BY ${ORDER}`,
      args(s),
    );
  }

  /** The selection's files in study, series and instance order. */
  files(db: Queryable, s: InstanceSelection): Promise<StoredFile[]> {
    return db.query(`SELECT ${STORED_FILE} FROM imaging.instances WHERE ${WHERE} ORDER BY ${ORDER}`, args(s));
  }

  /**
   * The selection's files with their DICOMDIR keys; the SOP class of a row indexed before the full
   * index comes from its metadata, else it is ''.
   */
  discFiles(db: Queryable, s: InstanceSelection): Promise<DiscInstance[]> {
    return db.query(
      `SELECT ${STORED_FILE}, coalesce(patient_id, '') AS "patientId", coalesce(to_char(study_date, 'YYYYMMDD'), '') AS "studyDate",
         coalesce(study_time, '') AS "studyTime", coalesce(study_id, '') AS "studyId", coalesce(accession_number, '') AS "accessionNumber", modality,
         coalesce(sop_class_uid, metadata->'00080016'->'Value'->>0, '') AS "sopClassUid", coalesce(transfer_syntax, '1.2.840.10008.1.2') AS "transferSyntax"
       FROM imaging.instances WHERE ${WHERE} ORDER BY ${ORDER}`,
      args(s),
    );
  }

  /** The owner's instances of a study in viewing order (series by number, instances by number). */
  viewerInstances(db: Queryable, owner: string, study: string): Promise<ViewerInstanceRow[]> {
    return db.query(
      `SELECT series_instance_uid AS series, series_number AS "seriesNumber", series_description AS "seriesDescription", modality, sop_instance_uid AS sop,
         instance_number AS "instanceNumber", number_of_frames AS frames, study_description AS "studyDescription", study_date::text AS "studyDate", patient_name AS "patientName"
       FROM imaging.instances WHERE user_id = $1 AND study_instance_uid = $2 ORDER BY ${ORDER}`,
      [owner, study],
    );
  }

  /** The selection's instances indexed before the full index (no metadata): filled on their first read. */
  unindexed(db: Queryable, s: InstanceSelection): Promise<Array<{ sop: string; fileKey: string }>> {
    return db.query(
      `SELECT sop_instance_uid AS sop, file_key AS "fileKey" FROM imaging.instances WHERE ${WHERE} AND (metadata IS NULL OR frames IS NULL)`,
      args(s),
    );
  }

  /** Fills one instance's full index (QIDO columns, metadata, frames). */
  async fillIndex(
    db: Queryable,
    owner: string,
    a: InstanceAttributes,
    metadata: DicomJsonDataset,
    frames: FrameIndex,
  ): Promise<void> {
    await db.query(
      `UPDATE imaging.instances SET patient_name = $3, patient_id = $4, patient_birth_date = $5, patient_sex = $6, accession_number = $7, study_id = $8, study_time = $9,
         referring_physician = $10, series_description = $11, body_part = $12, sop_class_uid = $13, rows = $14, columns = $15, number_of_frames = $16,
         metadata = $17::jsonb, frames = $18::jsonb
       WHERE user_id = $1 AND sop_instance_uid = $2`,
      [
        owner,
        a.sopInstanceUid,
        a.patientName,
        a.patientId,
        a.patientBirthDate,
        a.patientSex,
        a.accessionNumber,
        a.studyId,
        a.studyTime,
        a.referringPhysician,
        a.seriesDescription,
        a.bodyPart,
        a.sopClassUid,
        a.rows,
        a.columns,
        a.numberOfFrames,
        JSON.stringify(metadata),
        JSON.stringify(frames),
      ],
    );
  }
}
