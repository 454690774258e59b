import { Injectable } from '@nestjs/common';
import { linkOpens, type Queryable, returning } from '@portal/server-kit';

export interface ViewerLink {
  id: string;
  ownerUserId: string;
  passwordHash: string | null;
  expiresAt: Date | null;
  revoked: boolean;
  version: string | number;
}

export interface ViewerLinkStudy {
  studyInstanceUid: string;
  patientRequestId: string | null;
}

const LINK_COLUMNS = `id, owner_user_id AS "ownerUserId", password_hash AS "passwordHash", expires_at AS "expiresAt", revoked_at IS NOT NULL AS revoked, version`;

/** All SQL on public viewer links and the studies each opens. */
@Injectable()
export class ViewerLinkRepository {
  /** Inserts the link unless its id exists; answers the owner of the link under that id afterwards. */
  async insertIfMissing(
    tx: Queryable,
    link: {
      id: string;
      ownerUserId: string;
      passwordHash: string | null;
      expiresAt: Date | null;
      purpose?: string;
      recipient?: string | null;
    },
  ): Promise<string> {
    await tx.query(
      `INSERT INTO sharing.viewer_links (id, owner_user_id, password_hash, expires_at, purpose, recipient) VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT (id) DO NOTHING`,
      [
        link.id,
        link.ownerUserId,
        link.passwordHash,
        link.expiresAt,
        link.purpose ?? 'link',
        link.recipient ?? null,
      ],
    );
    const [{ owner }] = await tx.query(
      `SELECT owner_user_id AS owner FROM sharing.viewer_links WHERE id = $1`,
      [link.id],
    );
    return owner;
  }

  addStudies(tx: Queryable, linkId: string, studies: ViewerLinkStudy[]): Promise<unknown> {
    return tx.query(
      `INSERT INTO sharing.viewer_link_studies (link_id, study_instance_uid, patient_request_id)
       SELECT $1, study, request FROM unnest($2::text[], $3::uuid[]) AS x(study, request) ON CONFLICT DO NOTHING`,
      [linkId, studies.map((s) => s.studyInstanceUid), studies.map((s) => s.patientRequestId)],
    );
  }

  /** The link, whatever its state; null for an unknown id. */
  async find(db: Queryable, id: string): Promise<ViewerLink | null> {
    const rows: ViewerLink[] = await db.query(
      `SELECT ${LINK_COLUMNS} FROM sharing.viewer_links WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The link while it still opens: known, not revoked, not expired. */
  async findAvailable(db: Queryable, id: string): Promise<ViewerLink | null> {
    const link = await this.find(db, id);
    return linkOpens(link, new Date()) ? link : null;
  }

  /** The studies the link opens, in the order they were added. */
  studiesOf(db: Queryable, linkId: string): Promise<ViewerLinkStudy[]> {
    return db.query(
      `SELECT study_instance_uid AS "studyInstanceUid", patient_request_id AS "patientRequestId" FROM sharing.viewer_link_studies WHERE link_id = $1 ORDER BY ctid`,
      [linkId],
    );
  }

  /** The owner's links, newest first, with their studies and use (the people page's public links). */
  listByOwner(
    db: Queryable,
    ownerUserId: string,
  ): Promise<
    Array<{
      id: string;
      purpose: string;
      recipient: string | null;
      created_at: Date;
      expires_at: Date | null;
      revoked: boolean;
      need_password: boolean;
      last_opened_at: Date | null;
      open_count: number;
      studies: string[];
    }>
  > {
    return db.query(
      `SELECT l.id, l.purpose, l.recipient, l.created_at, l.expires_at, l.revoked_at IS NOT NULL AS revoked, l.password_hash IS NOT NULL AS need_password,
         l.last_opened_at, l.open_count, coalesce(array_agg(s.study_instance_uid) FILTER (WHERE s.study_instance_uid IS NOT NULL), '{}') AS studies
       FROM sharing.viewer_links l LEFT JOIN sharing.viewer_link_studies s ON s.link_id = l.id
       WHERE l.owner_user_id = $1 GROUP BY l.id ORDER BY l.created_at DESC`,
      [ownerUserId],
    );
  }

  /** One opening of the public page (its config read with a valid token). */
  async recordOpen(db: Queryable, id: string): Promise<void> {
    await db.query(
      `UPDATE sharing.viewer_links SET last_opened_at = now(), open_count = open_count + 1 WHERE id = $1`,
      [id],
    );
  }

  /** Revokes the owner's link; false when the owner has no such link. */
  async revoke(tx: Queryable, ownerUserId: string, id: string): Promise<boolean> {
    const rows = await returning(
      tx,
      `UPDATE sharing.viewer_links SET revoked_at = coalesce(revoked_at, now()), version = version + 1 WHERE id = $1 AND owner_user_id = $2 RETURNING id`,
      [id, ownerUserId],
    );
    return rows.length > 0;
  }
}
