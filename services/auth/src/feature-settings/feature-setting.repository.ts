import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

/** All SQL on the stored feature settings. */
@Injectable()
export class FeatureSettingRepository {
  async all(db: Queryable): Promise<Record<string, boolean>> {
    const rows: Array<{ name: string; value: boolean }> = await db.query(
      `SELECT name, value FROM auth.feature_settings`,
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  }
}
