import { Injectable } from '@nestjs/common';
import type { PatientRequestRow } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';

export interface NewPatientRequest {
  id: string;
  userId: string;
  personId: string;
  custodianId: string;
  patient: { firstName: string; lastName: string; dateOfBirth: string };
  docReqTypes: string[];
  notes: string;
  status: string;
  createdAt: Date;
}

/** All SQL on patient requests. */
@Injectable()
export class PatientRequestRepository {
  async insert(tx: Queryable, r: NewPatientRequest): Promise<void> {
    await tx.query(
      `INSERT INTO requests.patient_requests (id, user_id, person_id, custodian_id, patient_first_name, patient_last_name, patient_dob, status, doc_req_types, notes, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
      [r.id, r.userId, r.personId, r.custodianId, r.patient.firstName, r.patient.lastName, r.patient.dateOfBirth, r.status, r.docReqTypes, r.notes, r.createdAt],
    );
  }

  async exists(db: Queryable, id: string): Promise<boolean> {
    return (await db.query(`SELECT 1 FROM requests.patient_requests WHERE id = $1`, [id])).length > 0;
  }

  /** A user's own requests with their facility, newest first. */
  listByUser(db: Queryable, userId: string): Promise<PatientRequestRow[]> {
    return db.query(
      `SELECT r.id, r.status, r.doc_req_types, r.created_at, c.id AS custodian_id, c.name AS custodian_name
       FROM requests.patient_requests r JOIN requests.custodians c ON c.id = r.custodian_id WHERE r.user_id = $1 ORDER BY r.created_at DESC`,
      [userId],
    );
  }
}
