import { Injectable } from '@nestjs/common';
import type { SharedUser } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';

interface Row {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  relationship: string;
  all_records: boolean;
  is_enabled: boolean;
  recipient_user_id: string | null;
  n: number;
}

/** The shared person shape of the spec: how many studies are shared, or 'All Records'. */
const toSharedUser = (r: Row): SharedUser => ({
  firstName: r.first_name,
  lastName: r.last_name,
  name: `${r.first_name} ${r.last_name}`,
  email: r.email,
  relationship: r.relationship,
  is_enabled: r.is_enabled,
  patient_portal_user_id: r.recipient_user_id ?? r.id,
  study_count: r.all_records ? 'All Records' : r.n,
});

/** All SQL on the people a patient shares with and what each was granted. */
@Injectable()
export class RecipientRepository {
  async listByOwner(db: Queryable, ownerUserId: string): Promise<SharedUser[]> {
    const rows: Row[] = await db.query(
      `SELECT r.*, (SELECT count(*)::int FROM sharing.grants g WHERE g.recipient_id = r.id) AS n
       FROM sharing.recipients r WHERE r.owner_user_id = $1 ORDER BY r.created_at`,
      [ownerUserId],
    );
    return rows.map(toSharedUser);
  }
}
