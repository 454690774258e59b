import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

/** The demo seed's own SQL: what it has already seeded, and the report of the demo's completed request. */
@Injectable()
export class RecordsDemoRepository {
  /** Whether the request has a report document already (delivered by the facility or seeded before). */
  async hasReport(db: Queryable, patientRequestId: string): Promise<boolean> {
    const rows = await db.query(
      `SELECT 1 FROM records.documents WHERE patient_request_id = $1 AND document_request_type = 'REPORTS' LIMIT 1`,
      [patientRequestId],
    );
    return rows.length > 0;
  }

  async insertReport(
    db: Queryable,
    d: {
      id: string;
      userId: string;
      patientRequestId: string;
      fileName: string;
      key: string;
      size: number;
      createdAt: Date;
    },
  ): Promise<void> {
    await db.query(
      `INSERT INTO records.documents (id, user_id, patient_request_id, document_request_id, document_request_type, file_name, blob_key, content_type, size, created_at)
       VALUES ($1,$2,$3,NULL,'REPORTS',$4,$5,'application/pdf',$6,$7) ON CONFLICT DO NOTHING`,
      [d.id, d.userId, d.patientRequestId, d.fileName, d.key, d.size, d.createdAt],
    );
  }
}
