import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

/** All SQL on provider staff and the facilities each works for. */
@Injectable()
export class StaffRepository {
  async assign(tx: Queryable, userId: string, custodianId: string): Promise<void> {
    await tx.query(
      `INSERT INTO provider.staff (user_id, custodian_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [userId, custodianId],
    );
  }
}
