import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

export interface AppReadRow {
  authorization_id: string;
  last_read_at: Date;
  resource_type: string;
  count: number;
}

/** The SQL of Connected apps' reads: records' audit rows of FHIR reads made by apps, summed. */
@Injectable()
export class AppReadsRepository {
  /** Per authorization and resource type: resources given and the last read, for the patient's record. */
  readsOf(db: Queryable, patientId: string, actions: string[]): Promise<AppReadRow[]> {
    return db.query(
      `SELECT l.detail->>'authorizationId' AS authorization_id, max(l.at) AS last_read_at,
         COALESCE(r.key, '') AS resource_type, COALESCE(sum(r.value::int), 0)::int AS count
       FROM records.audit_log l LEFT JOIN LATERAL jsonb_each_text(
         CASE WHEN jsonb_typeof(l.detail->'reads') = 'object' THEN l.detail->'reads' ELSE '{}'::jsonb END) r ON true
       WHERE l.subject_id = $1 AND l.action = ANY($2::text[]) AND l.detail->>'authorizationId' IS NOT NULL
       GROUP BY 1, 3 ORDER BY 1, 3`,
      [patientId, actions],
    );
  }
}
