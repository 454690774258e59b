import { Injectable } from '@nestjs/common';
import { ACCESSION_NUMBER_TAG, type SmartFhirStudyRow } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import type { FoundStudy, PatientToMatch } from './found-study';

export interface QueryRow {
  id: string;
  user_id: string;
  source_id: string;
  started_at: Date;
  finished_at: Date | null;
  error: string | null;
}

export interface FoundStudyRow {
  id: string;
  source_id: string;
  custodian_id: string;
  facility_name: string;
  study_instance_uid: string;
  modality: string;
  study_description: string;
  referring_physician: string;
  study_date: string | null;
  number_of_instances: number | null;
  wado_root: string | null;
  patient_request_id: string | null;
  custom_query_items: Array<{ tag: string; value: string }>;
}

export interface Holder {
  personId: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
}

const ROW_COLUMNS = `id, source_id, custodian_id, facility_name, study_instance_uid, modality, study_description,
  referring_physician, custom_query_items, to_char(study_date, 'YYYY-MM-DD') AS study_date, number_of_instances,
  wado_root, patient_request_id`;

/** All SQL of Smart FHIR queries: the queries per patient and source, the studies they found, and who the patient is. */
@Injectable()
export class SmartFhirRepository {
  /** The account holder as auth told it (name, date of birth, own person). */
  async holder(db: Queryable, userId: string): Promise<Holder | null> {
    const [h] = await db.query(
      `SELECT person_id AS "personId", first_name AS "firstName", last_name AS "lastName",
              to_char(date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth"
         FROM records.account_holders WHERE user_id = $1`,
      [userId],
    );
    return (h as Holder) ?? null;
  }

  /** The patient as a facility knows them: the MRN it gave on the holder's own latest request there, and the holder's name and birth date. */
  async patientAt(
    db: Queryable,
    userId: string,
    holder: Holder,
    custodianId: string,
  ): Promise<PatientToMatch> {
    const [r] = holder.personId
      ? await db.query(
          `SELECT mrn FROM records.library_requests
            WHERE user_id = $1 AND person_id = $2 AND custodian_id = $3 AND mrn IS NOT NULL
            ORDER BY created_at DESC LIMIT 1`,
          [userId, holder.personId, custodianId],
        )
      : [];
    return {
      mrn: (r as { mrn: string } | undefined)?.mrn ?? null,
      firstName: holder.firstName,
      lastName: holder.lastName,
      dateOfBirth: holder.dateOfBirth,
    };
  }

  async latestQuery(db: Queryable, userId: string, sourceId: string): Promise<QueryRow | null> {
    const [q] = await db.query(
      `SELECT * FROM records.smart_fhir_queries WHERE user_id = $1 AND source_id = $2 ORDER BY started_at DESC LIMIT 1`,
      [userId, sourceId],
    );
    return (q as QueryRow) ?? null;
  }

  async insertQuery(db: Queryable, q: Pick<QueryRow, 'id' | 'user_id' | 'source_id'>): Promise<void> {
    await db.query(
      `INSERT INTO records.smart_fhir_queries (id, user_id, source_id, started_at) VALUES ($1,$2,$3,now())`,
      [q.id, q.user_id, q.source_id],
    );
  }

  async ownQuery(db: Queryable, id: string, userId: string): Promise<QueryRow | null> {
    const [q] = await db.query(`SELECT * FROM records.smart_fhir_queries WHERE id = $1 AND user_id = $2`, [
      id,
      userId,
    ]);
    return (q as QueryRow) ?? null;
  }

  async finishQuery(db: Queryable, id: string, error: string | null): Promise<void> {
    await db.query(
      `UPDATE records.smart_fhir_queries SET finished_at = now(), error = $2 WHERE id = $1 AND finished_at IS NULL`,
      [id, error],
    );
  }

  /**
   * The studies a query found, in one statement, keyed by patient, source and study UID: a study found
   * again keeps its id (and the request made from it) and takes the new query and details; a study a
   * source answered twice is one row.
   */
  async saveFound(
    db: Queryable,
    q: Pick<QueryRow, 'id' | 'user_id' | 'source_id'>,
    facility: { custodianId: string; name: string },
    found: FoundStudy[],
  ): Promise<void> {
    if (!found.length) return;
    const studies = found.map((s) => ({
      uid: s.studyInstanceUid,
      modality: s.modality,
      description: s.description,
      referrer: s.referringPhysician,
      items: s.accessionNumber ? [{ tag: ACCESSION_NUMBER_TAG, value: s.accessionNumber }] : [],
      day: s.studyDate,
      instances: s.numberOfInstances,
      wado: s.wadoRoot,
    }));
    await db.query(
      `INSERT INTO records.smart_fhir_studies (id, user_id, source_id, query_id, custodian_id, facility_name,
         study_instance_uid, modality, study_description, referring_physician, custom_query_items, study_date,
         number_of_instances, wado_root, found_at)
       SELECT DISTINCT ON (s.uid) gen_random_uuid(), $1, $2, $3, $4, $5, s.uid, s.modality, s.description,
         s.referrer, s.items, s.day::date, s.instances, s.wado, now()
         FROM jsonb_to_recordset($6::jsonb) AS s(uid text, modality text, description text, referrer text,
           items jsonb, day text, instances integer, wado text)
         ORDER BY s.uid
       ON CONFLICT (user_id, source_id, study_instance_uid) DO UPDATE SET query_id = EXCLUDED.query_id,
         custodian_id = EXCLUDED.custodian_id, facility_name = EXCLUDED.facility_name, modality = EXCLUDED.modality,
         study_description = EXCLUDED.study_description, referring_physician = EXCLUDED.referring_physician,
         custom_query_items = EXCLUDED.custom_query_items, study_date = EXCLUDED.study_date,
         number_of_instances = EXCLUDED.number_of_instances, wado_root = EXCLUDED.wado_root, found_at = now()`,
      [q.user_id, q.source_id, q.id, facility.custodianId, facility.name, JSON.stringify(studies)],
    );
  }

  async rowsOf(db: Queryable, queryId: string): Promise<SmartFhirStudyRow[]> {
    const rows = await db.query(
      `SELECT ${ROW_COLUMNS} FROM records.smart_fhir_studies WHERE query_id = $1
        ORDER BY study_date DESC NULLS LAST, study_instance_uid`,
      [queryId],
    );
    return (rows as FoundStudyRow[]).map((r) => ({
      id: r.id,
      modality: r.modality,
      study_description: r.study_description,
      referring_physician: r.referring_physician,
      custom_query_items: r.custom_query_items,
      facility: { id: r.custodian_id, name: r.facility_name },
      study_date: r.study_date,
      number_of_instances: r.number_of_instances,
      can_move: !!r.wado_root,
      patient_request_id: r.patient_request_id,
    }));
  }

  /** A found study of this patient, locked so two clicks make one request. */
  async lockOwnStudy(db: Queryable, id: string, userId: string): Promise<FoundStudyRow | null> {
    const [r] = await db.query(
      `SELECT ${ROW_COLUMNS} FROM records.smart_fhir_studies WHERE id = $1 AND user_id = $2 FOR UPDATE`,
      [id, userId],
    );
    return (r as FoundStudyRow) ?? null;
  }

  async setRequest(db: Queryable, id: string, patientRequestId: string): Promise<void> {
    await db.query(`UPDATE records.smart_fhir_studies SET patient_request_id = $2 WHERE id = $1`, [
      id,
      patientRequestId,
    ]);
  }

  async requestStatus(db: Queryable, patientRequestId: string): Promise<string | null> {
    const [r] = await db.query(`SELECT status FROM records.library_requests WHERE id = $1`, [
      patientRequestId,
    ]);
    return (r as { status: string } | undefined)?.status ?? null;
  }
}
