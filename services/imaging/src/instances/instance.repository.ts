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
}
