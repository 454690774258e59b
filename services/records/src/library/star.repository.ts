import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

/** All SQL on stars: a user's own stars on their approved responses, and their stars on records shared with them. */
@Injectable()
export class StarRepository {
  /** Whether this approved response (a study or a document) is the user's and belongs to that patient request. */
  async ownsResponse(
    db: Queryable,
    userId: string,
    patientRequestId: string,
    responseId: string,
  ): Promise<boolean> {
    const rows = await db.query(
      `SELECT 1 FROM records.studies WHERE id = $1 AND user_id = $2 AND patient_request_id = $3
       UNION ALL SELECT 1 FROM records.documents WHERE id = $1 AND user_id = $2 AND patient_request_id = $3 LIMIT 1`,
      [responseId, userId, patientRequestId],
    );
    return rows.length > 0;
  }

  async star(db: Queryable, userId: string, patientRequestId: string, responseId: string): Promise<void> {
    await db.query(
      `INSERT INTO records.stars (user_id, response_id, patient_request_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [userId, responseId, patientRequestId],
    );
  }

  async unstar(db: Queryable, userId: string, responseId: string): Promise<void> {
    await db.query(`DELETE FROM records.stars WHERE user_id = $1 AND response_id = $2`, [userId, responseId]);
  }

  /** The response ids of a request this user starred. */
  async starredOf(db: Queryable, userId: string, patientRequestId: string): Promise<string[]> {
    const rows: Array<{ response_id: string }> = await db.query(
      `SELECT response_id FROM records.stars WHERE user_id = $1 AND patient_request_id = $2`,
      [userId, patientRequestId],
    );
    return rows.map((r) => r.response_id);
  }

  async setSharedStar(
    db: Queryable,
    userId: string,
    patientRequestId: string,
    item: string,
    starred: boolean,
  ): Promise<void> {
    if (starred)
      await db.query(
        `INSERT INTO records.shared_stars (user_id, patient_request_id, item) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [userId, patientRequestId, item],
      );
    else
      await db.query(
        `DELETE FROM records.shared_stars WHERE user_id = $1 AND patient_request_id = $2 AND item = $3`,
        [userId, patientRequestId, item],
      );
  }
}
