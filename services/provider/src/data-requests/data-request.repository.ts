import { Injectable } from '@nestjs/common';
import { type DataRequest, type EventPayloads, toDocumentRequests } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';

interface Row {
  id: string;
  custodian_id: string;
  custodian_name: string;
  patient_user_id: string;
  patient_first_name: string;
  patient_last_name: string;
  patient_dob: string;
  doc_req_types: string[];
  status: string;
  created_at: Date;
}

/** The provider data request shape of the spec. */
const toDataRequest = (r: Row): DataRequest => ({
  id: r.id,
  organization: { id: r.custodian_id, name: r.custodian_name },
  status: { name: r.status },
  created: new Date(r.created_at).toISOString(),
  document_request: toDocumentRequests(r.doc_req_types),
  patients: [{ id: r.patient_user_id, first_name: r.patient_first_name, last_name: r.patient_last_name, patient_dob: r.patient_dob }],
  starred: false,
});

/** All SQL on the data-request inbox: a projection of patient requests addressed to a facility. */
@Injectable()
export class DataRequestRepository {
  async upsert(tx: Queryable, p: EventPayloads['requests.patient-request-submitted']): Promise<void> {
    await tx.query(
      `INSERT INTO provider.data_requests (id, custodian_id, custodian_name, patient_user_id, patient_first_name, patient_last_name, patient_dob, doc_req_types, status, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status`,
      [p.patientRequestId, p.custodianId, p.custodianName, p.userId, p.patient.firstName, p.patient.lastName, p.patient.dateOfBirth, p.docReqTypes, p.status, p.createdAt],
    );
  }

  /** Requests to the facilities a staff member works for, newest first. */
  async listForStaff(db: Queryable, userId: string): Promise<DataRequest[]> {
    const rows: Row[] = await db.query(
      `SELECT d.*, d.patient_dob::text AS patient_dob FROM provider.data_requests d JOIN provider.staff s ON s.custodian_id = d.custodian_id AND s.user_id = $1 ORDER BY d.created_at DESC`,
      [userId],
    );
    return rows.map(toDataRequest);
  }
}
