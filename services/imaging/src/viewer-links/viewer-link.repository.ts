import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import { type LinkState, type Queryable, upsertIfNewer } from '@portal/server-kit';

/** All SQL on imaging.viewer_links: the projection of sharing's public viewer links. */
@Injectable()
export class ViewerLinkRepository {
  /** Keeps the link as announced unless a newer announcement is already kept (events may arrive out of order). */
  async save(tx: Queryable, link: EventPayloads['sharing.viewer-link-saved']): Promise<void> {
    await upsertIfNewer(tx, 'imaging.viewer_links', ['link_id'], {
      link_id: link.linkId,
      owner_user_id: link.ownerUserId,
      study_instance_uids: link.studyInstanceUids,
      expires_at: link.expiresAt,
      revoked: link.revoked,
      version: link.version,
      updated_at: new Date(),
    });
  }

  /** The link's state as last announced; null for one never heard of. */
  async state(db: Queryable, linkId: string): Promise<LinkState | null> {
    const rows: LinkState[] = await db.query(
      `SELECT revoked, expires_at AS "expiresAt" FROM imaging.viewer_links WHERE link_id = $1`,
      [linkId],
    );
    return rows[0] ?? null;
  }
}
