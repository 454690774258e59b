import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

export interface HealthLinkRow {
  id: string;
  linkId: string;
  encryptionKey: string;
  label: string | null;
}

/** All SQL on SMART Health Links (their viewer links are ViewerLinkRepository's). */
@Injectable()
export class HealthLinkRepository {
  async insert(db: Queryable, h: HealthLinkRow): Promise<void> {
    await db.query(
      `INSERT INTO sharing.health_links (id, link_id, encryption_key, label) VALUES ($1,$2,$3,$4)`,
      [h.id, h.linkId, h.encryptionKey, h.label],
    );
  }

  async find(db: Queryable, id: string): Promise<HealthLinkRow | null> {
    const [row] = await db.query(
      `SELECT id, link_id AS "linkId", encryption_key AS "encryptionKey", label FROM sharing.health_links WHERE id = $1`,
      [id],
    );
    return row ?? null;
  }
}
