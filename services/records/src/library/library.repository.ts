import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import type { LibraryRow } from './patient-request.mapper';

/**
 * All SQL on the patient's library: a local projection of the requests context's patient requests
 * (library_requests) and the imaging context's stored studies (studies), built from their events.
 */
@Injectable()
export class LibraryRepository {
  /** A request as last announced; a repeated announcement updates its status and facility name. */
  async upsertRequest(tx: Queryable, p: EventPayloads['requests.patient-request-submitted']): Promise<void> {
    await tx.query(
      `INSERT INTO records.library_requests (id, user_id, person_id, custodian_id, custodian_name, status, doc_req_types, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
       ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, custodian_name = EXCLUDED.custodian_name`,
      [p.patientRequestId, p.userId, p.personId, p.custodianId, p.custodianName, p.status, p.docReqTypes, p.createdAt],
    );
  }

  /** A study of a user, once per study instance UID; a later announcement updates its instance count. */
  async upsertStudy(tx: Queryable, id: string, p: EventPayloads['imaging.study-stored']): Promise<void> {
    await tx.query(
      `INSERT INTO records.studies (id, user_id, patient_request_id, study_instance_uid, modality, study_description, study_date, total_instances)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
       ON CONFLICT (user_id, study_instance_uid) DO UPDATE SET total_instances = EXCLUDED.total_instances`,
      [id, p.userId, p.patientRequestId, p.studyInstanceUid, p.modality, p.studyDescription, p.studyDate, p.numberOfInstances],
    );
  }

  /** A user's requests, newest first, each with its studies (newest study first) in one query. */
  listWithStudies(db: Queryable, userId: string): Promise<LibraryRow[]> {
    return db.query(
      `SELECT r.*, (SELECT json_agg(s ORDER BY s.study_date DESC) FROM records.studies s WHERE s.patient_request_id = r.id AND s.user_id = r.user_id) AS studies
       FROM records.library_requests r WHERE r.user_id = $1 ORDER BY r.created_at DESC`,
      [userId],
    );
  }
}
