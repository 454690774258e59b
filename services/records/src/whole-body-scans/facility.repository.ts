import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import { type Queryable, upsertIfNewer } from '@portal/server-kit';

export interface FacilityRow {
  custodian_id: string;
  name: string;
  launcher_title: string;
  launcher_url: string;
}

export interface FindingTypeRow {
  id: string;
  custodian_id: string;
  name: string;
  icon: string;
  wiki: string;
  body_parts: string[];
}

/** A library request at a facility, with the patient's name as the request or the account holder gives it. */
export interface FacilityRequestRow {
  id: string;
  user_id: string;
  person_id: string;
  custodian_id: string;
  first_name: string;
  last_name: string;
}

export interface KeyImageCandidateRow {
  study_instance_uid: string;
  series_instance_uid: string;
  sop_instance_uid: string;
  frames: number;
  modality: string;
  description: string;
}

const REQUEST_NAME = `COALESCE(NULLIF(r.patient_first_name, ''), h.first_name, '') AS first_name,
  COALESCE(NULLIF(r.patient_last_name, ''), h.last_name, '') AS last_name`;

/**
 * The facility's side of whole body scans: which facilities do them and their finding types, who is
 * their staff (from provider.staff-assigned), their patients and the instances imaging stored for them
 * (from imaging.study-stored), and where a patient is mailed (from auth's events).
 */
/** A DICOM IS number as PostgreSQL's int keeps it; anything else (absent, past int's range) is unknown. */
const int4OrNull = (n: number | null | undefined): number | null =>
  Number.isInteger(n) && Math.abs(n!) < 2 ** 31 ? n! : null;

@Injectable()
export class FacilityRepository {
  /** The whole-body-scan facilities the user is staff of. */
  staffFacilities(db: Queryable, userId: string): Promise<FacilityRow[]> {
    return db.query(
      `SELECT f.custodian_id, f.name, f.launcher_title, f.launcher_url FROM records.wbs_facilities f
       JOIN records.wbs_staff st ON st.custodian_id = f.custodian_id AND st.user_id = $1 ORDER BY f.name, f.custodian_id`,
      [userId],
    );
  }

  findingTypes(db: Queryable, custodianIds: string[]): Promise<FindingTypeRow[]> {
    return db.query(
      `SELECT id, custodian_id, name, icon, wiki, body_parts FROM records.wbs_finding_types
       WHERE custodian_id = ANY($1::uuid[]) ORDER BY name, id`,
      [custodianIds],
    );
  }

  async addStaff(tx: Queryable, userId: string, custodianId: string): Promise<void> {
    await tx.query(
      `INSERT INTO records.wbs_staff (user_id, custodian_id) VALUES ($1,$2) ON CONFLICT DO NOTHING`,
      [userId, custodianId],
    );
  }

  async upsertFacility(db: Queryable, f: FacilityRow): Promise<void> {
    await db.query(
      `INSERT INTO records.wbs_facilities (custodian_id, name, launcher_title, launcher_url) VALUES ($1,$2,$3,$4)
       ON CONFLICT (custodian_id) DO UPDATE SET name = EXCLUDED.name, launcher_title = EXCLUDED.launcher_title, launcher_url = EXCLUDED.launcher_url`,
      [f.custodian_id, f.name, f.launcher_title, f.launcher_url],
    );
  }

  async upsertFindingType(db: Queryable, t: FindingTypeRow): Promise<void> {
    await db.query(
      `INSERT INTO records.wbs_finding_types (id, custodian_id, name, icon, wiki, body_parts) VALUES ($1,$2,$3,$4,$5,$6)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, icon = EXCLUDED.icon, wiki = EXCLUDED.wiki, body_parts = EXCLUDED.body_parts`,
      [t.id, t.custodian_id, t.name, t.icon, t.wiki, t.body_parts],
    );
  }

  /** Requests at these facilities with something delivered (a study or a document), matching the search by name. */
  searchPatients(
    db: Queryable,
    custodianIds: string[],
    search: string,
    limit: number,
  ): Promise<Array<FacilityRequestRow & { prior_scans: Array<{ id: string; scan_date: string }> | null }>> {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return db.query(
      `SELECT * FROM (
         SELECT r.id, r.user_id, r.person_id, r.custodian_id, ${REQUEST_NAME}, r.created_at,
           (SELECT json_agg(json_build_object('id', s.id, 'scan_date', to_char(s.scan_date, 'YYYY-MM-DD')) ORDER BY s.scan_date DESC, s.created DESC)
              FROM records.whole_body_scans s WHERE s.user_id = r.user_id AND s.person_id = r.person_id AND s.custodian_id = r.custodian_id) AS prior_scans
         FROM records.library_requests r LEFT JOIN records.account_holders h ON h.user_id = r.user_id
         WHERE r.custodian_id = ANY($1::uuid[])
           AND (EXISTS (SELECT 1 FROM records.studies st WHERE st.patient_request_id = r.id)
             OR EXISTS (SELECT 1 FROM records.documents d WHERE d.patient_request_id = r.id))) x
       WHERE ($2 = '%%' OR concat_ws(' ', x.first_name, x.last_name) ILIKE $2)
       ORDER BY x.created_at DESC, x.id LIMIT $3`,
      [custodianIds, like, limit],
    );
  }

  /** A library request at one of these facilities, or null (another facility's looks like a missing one). */
  async requestAt(
    db: Queryable,
    patientRequestId: string,
    custodianIds: string[],
  ): Promise<FacilityRequestRow | null> {
    const [row] = await db.query(
      `SELECT r.id, r.user_id, r.person_id, r.custodian_id, ${REQUEST_NAME}
       FROM records.library_requests r LEFT JOIN records.account_holders h ON h.user_id = r.user_id
       WHERE r.id = $1 AND r.custodian_id = ANY($2::uuid[])`,
      [patientRequestId, custodianIds],
    );
    return row ?? null;
  }

  /** The instances of the request's delivered studies that imaging announced. */
  keyImageCandidates(
    db: Queryable,
    request: FacilityRequestRow,
    limit: number,
  ): Promise<KeyImageCandidateRow[]> {
    return db.query(
      `SELECT i.study_instance_uid, i.series_instance_uid, i.sop_instance_uid, i.frames, st.modality,
         COALESCE(NULLIF(i.series_description, ''), st.study_description) AS description
       FROM records.studies st JOIN records.wbs_study_instances i
         ON i.user_id = st.user_id AND i.study_instance_uid = st.study_instance_uid
       WHERE st.patient_request_id = $1 AND st.user_id = $2
       ORDER BY st.study_instance_uid, i.series_instance_uid, i.sop_instance_uid LIMIT $3`,
      [request.id, request.user_id, limit],
    );
  }

  /** Which of these instances are real instances of the request's studies (study|series|sop → frames). */
  async requestInstances(
    db: Queryable,
    request: FacilityRequestRow,
    sopInstanceUids: string[],
  ): Promise<Map<string, number>> {
    if (!sopInstanceUids.length) return new Map();
    const rows: Array<{ k: string; frames: number }> = await db.query(
      `SELECT i.study_instance_uid || '|' || i.series_instance_uid || '|' || i.sop_instance_uid AS k, i.frames
       FROM records.studies st JOIN records.wbs_study_instances i
         ON i.user_id = st.user_id AND i.study_instance_uid = st.study_instance_uid
       WHERE st.patient_request_id = $1 AND st.user_id = $2 AND i.sop_instance_uid = ANY($3::text[])`,
      [request.id, request.user_id, sopInstanceUids],
    );
    return new Map(rows.map((r) => [r.k, r.frames]));
  }

  /**
   * The instances a study-stored event names (an older event names none), with what FHIR's ImagingStudy
   * needs of them (issue 29; an older event leaves those null). An instance announced again keeps its
   * row, filling only what it lacked.
   */
  async recordInstances(tx: Queryable, e: EventPayloads['imaging.study-stored']): Promise<void> {
    const list = e.instances ?? [];
    if (!list.length) return;
    await tx.query(
      `INSERT INTO records.wbs_study_instances AS i (user_id, study_instance_uid, series_instance_uid, sop_instance_uid, frames,
         series_description, sop_class_uid, series_number, instance_number, modality)
       SELECT $1, $2, x.series, x.sop, x.frames, x.description, x.sop_class, x.series_number, x.instance_number, x.modality
       FROM json_to_recordset($3::json)
         AS x(series text, sop text, frames int, description text, sop_class text, series_number int, instance_number int, modality text)
       ON CONFLICT (user_id, study_instance_uid, sop_instance_uid) DO UPDATE SET
         sop_class_uid = COALESCE(i.sop_class_uid, EXCLUDED.sop_class_uid),
         series_number = COALESCE(i.series_number, EXCLUDED.series_number),
         instance_number = COALESCE(i.instance_number, EXCLUDED.instance_number),
         modality = COALESCE(i.modality, EXCLUDED.modality)
       WHERE i.sop_class_uid IS NULL AND EXCLUDED.sop_class_uid IS NOT NULL`,
      [
        e.userId,
        e.studyInstanceUid,
        JSON.stringify(
          list.map((i) => ({
            series: i.seriesInstanceUid,
            sop: i.sopInstanceUid,
            frames: Math.max(1, i.numberOfFrames || 1),
            description: i.seriesDescription ?? '',
            sop_class: i.sopClassUid || null,
            series_number: int4OrNull(i.seriesNumber),
            instance_number: int4OrNull(i.instanceNumber),
            modality: i.modality || null,
          })),
        ),
      ],
    );
  }

  /** Where a user is mailed, at the version of the event that said so (a seed gives 0). */
  recordRecipient(db: Queryable, userId: string, email: string, version: number): Promise<boolean> {
    return upsertIfNewer(db, 'records.wbs_recipients', ['user_id'], { user_id: userId, email, version });
  }

  async removeRecipient(tx: Queryable, userId: string): Promise<void> {
    await tx.query(`DELETE FROM records.wbs_recipients WHERE user_id = $1`, [userId]);
  }

  async recipient(db: Queryable, userId: string): Promise<string | null> {
    const [row] = await db.query(`SELECT email FROM records.wbs_recipients WHERE user_id = $1`, [userId]);
    return row?.email ?? null;
  }

  async holderName(db: Queryable, userId: string): Promise<string | null> {
    const [row] = await db.query(
      `SELECT concat_ws(' ', first_name, last_name) AS name FROM records.account_holders WHERE user_id = $1`,
      [userId],
    );
    return row?.name?.trim() || null;
  }
}
