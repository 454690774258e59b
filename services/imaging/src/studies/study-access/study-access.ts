import { Injectable } from '@nestjs/common';
import { VIEWER_TOKEN_HEADER, type ViewerGrant } from '@portal/contracts';
import { type Queryable, SharedAccessProjection, unauthenticated, type VerifiedClaims, ViewerTokens } from '@portal/server-kit';
import { InstanceRepository } from '../../instances/instance.repository';
import { ViewerLinkRepository } from '../../viewer-links/viewer-link.repository';
import { linkUnavailable, studyNotFound, tokenNotForStudy } from '../../imaging.errors';

/** Who reads imaging data: a signed-in user (bearer token), or the holder of a viewer token. */
export type ImagingReader = { userId: string; grant?: undefined } | { userId?: undefined; grant: ViewerGrant };

/** The rows a reader may search: one owner's instances, limited to a token's studies. */
export interface ReaderScope {
  owner: string;
  /** null: every study of the owner. */
  studies: string[] | null;
}

/** The part of a request access looks at (Fastify's request, after the global auth guard). */
export interface ReaderRequest {
  headers: Record<string, string | string[] | undefined>;
  user?: VerifiedClaims;
}

/**
 * The one rule of who may see a study. A user sees the studies they own instances of, and those a live
 * share grant covers (imaging's projection of sharing's grants), answering the sharer as owner. A viewer
 * token sees exactly the studies it was issued for, of the owner it names, while its public link (if any)
 * is neither revoked nor expired and, for a shared view, while the grant still covers them (checked on
 * every call: revoking takes effect on the next request): any other study answers 403. A user asking for
 * a study that is not theirs gets 404, like a missing one.
 */
@Injectable()
export class StudyAccess {
  constructor(
    private readonly instances: InstanceRepository,
    private readonly links: ViewerLinkRepository,
    private readonly tokens: ViewerTokens,
  ) {}

  readonly shares = new SharedAccessProjection('imaging');

  /** Whose instances of the study the user sees (their own first, else a sharer's), or null: not theirs to see (404, like a missing one). */
  async ownerVisibleTo(db: Queryable, userId: string, studyInstanceUid: string): Promise<string | null> {
    if (await this.instances.hasStudy(db, userId, studyInstanceUid)) return userId;
    for (const { owner_user_id: owner } of await this.shares.ownersCovering(db, userId, { studyUid: studyInstanceUid })) {
      if (await this.instances.hasStudy(db, owner, studyInstanceUid)) return owner;
    }
    return null;
  }

  /**
   * A token of a shared view (a user's token for a sharer's studies) holds only while the grant still
   * covers every study; a facility's token (the provider context checked the staff member's facility
   * made the delivery) only for studies that came to the owner with that delivery.
   */
  async stillShared(db: Queryable, grant: ViewerGrant): Promise<boolean> {
    if (grant.delivery) {
      for (const study of grant.studies) if (!(await this.instances.hasStudy(db, grant.owner, study, grant.delivery))) return false;
      return true;
    }
    if (grant.link || grant.sub.startsWith('link:') || grant.sub === grant.owner) return true;
    const viewer = grant.sub.startsWith('recipient:') ? null : grant.sub;
    for (const study of grant.studies) {
      const owners = viewer
        ? await this.shares.ownersCovering(db, viewer, { studyUid: study })
        : await this.shares.recipientCovering(db, grant.sub.slice('recipient:'.length), study);
      if (!owners.some((o) => o.owner_user_id === grant.owner)) return false;
    }
    return true;
  }

  /** The reader of a request: the viewer token header wins over the bearer (the public page has only the former); 401 with neither. */
  async readerOf(db: Queryable, req: ReaderRequest): Promise<ImagingReader> {
    const header = req.headers[VIEWER_TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (token) {
      const grant = await this.tokens.verify(token, 'view');
      if (grant.link && !(await this.links.opens(db, grant.link, null))) throw linkUnavailable();
      if (!(await this.stillShared(db, grant))) throw studyNotFound();
      return { grant };
    }
    if (req.user) return { userId: req.user.sub };
    throw unauthenticated();
  }

  /** What a reader's searches cover. */
  scopeOf(reader: ImagingReader): ReaderScope {
    return reader.grant ? { owner: reader.grant.owner, studies: reader.grant.studies } : { owner: reader.userId, studies: null };
  }

  /** Whose instances of the study the reader sees; 403 for a token not issued for it, 404 for a user without it. */
  async ownerFor(db: Queryable, reader: ImagingReader, studyInstanceUid: string): Promise<string> {
    if (reader.grant) {
      if (!reader.grant.studies.includes(studyInstanceUid)) throw tokenNotForStudy();
      return reader.grant.owner;
    }
    const owner = await this.ownerVisibleTo(db, reader.userId, studyInstanceUid);
    if (!owner) throw studyNotFound();
    return owner;
  }
}
