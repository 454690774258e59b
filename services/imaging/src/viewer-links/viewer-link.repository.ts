import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';

/** All SQL on imaging.viewer_links: the projection of sharing's public viewer links. */
@Injectable()
export class ViewerLinkRepository {
  save(tx: Queryable, link: EventPayloads['sharing.viewer-link-saved']): Promise<unknown> {
    return tx.query(
      `INSERT INTO imaging.viewer_links (link_id, owner_user_id, study_instance_uids, expires_at, revoked) VALUES ($1,$2,$3,$4,$5)
       ON CONFLICT (link_id) DO UPDATE SET owner_user_id = $2, study_instance_uids = $3, expires_at = $4, revoked = $5, updated_at = now()`,
      [link.linkId, link.ownerUserId, link.studyInstanceUids, link.expiresAt, link.revoked],
    );
  }

  /** Whether the link still opens the study: known, not revoked, not expired, and listing it. */
  async opens(db: Queryable, linkId: string, studyInstanceUid: string | null): Promise<boolean> {
    const rows: unknown[] = await db.query(
      `SELECT 1 FROM imaging.viewer_links WHERE link_id = $1 AND NOT revoked AND (expires_at IS NULL OR expires_at > now())
         AND ($2::text IS NULL OR $2 = ANY(study_instance_uids))`,
      [linkId, studyInstanceUid],
    );
    return rows.length > 0;
  }
}
