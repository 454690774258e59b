import { Injectable } from '@nestjs/common';
import type { ViewerGrant } from '@portal/contracts';
import {
  type AccessDecision,
  AccessPolicy,
  type Caller,
  FhirCallers,
  type Queryable,
  requireScope,
  SharedAccessProjection,
  tokenBasis,
  tokenCovers,
  unauthenticated,
  ViewerTokens,
} from '@portal/server-kit';
import { InstanceRepository } from '../../instances/instance.repository';
import { ViewerLinkRepository } from '../../viewer-links/viewer-link.repository';
import { linkUnavailable, studyNotFound, tokenNotForStudy } from '../../imaging.errors';

/** Who reads imaging data: a signed-in user (bearer token), or the holder of a viewer token and why it holds. */
export type ImagingReader =
  | { userId: string; grant?: undefined; app?: ConnectedAppReader }
  | { userId?: undefined; grant: ViewerGrant; decision: AccessDecision; app?: undefined };

/** A SMART app reading for the patient in its token's context (issue 29): their own studies only, never ones shared with them. */
export interface ConnectedAppReader {
  clientId: string;
  authorizationId: string;
}

/** What a request shows of its reader, before anything is checked: the viewer token header, the signed-in user. */
export interface ReaderCredentials {
  viewerToken?: string;
  userId?: string;
  /** The bearer header the portal's guard did not take: a SMART app's token (its own audience). */
  bearer?: string;
}

/** The rows a reader may search: one owner's instances, limited to a token's studies. */
export interface ReaderScope {
  owner: string;
  /** null: every study of the owner. */
  studies: string[] | null;
}

/**
 * Imaging's side of the one access policy (server-kit `AccessPolicy`): the facts are imaging's own (who
 * holds a study's instances, its projections of share grants and public links). A user sees their own
 * studies and those a live grant covers, as the sharer; a token sees exactly the studies it was issued
 * for while what it stands on still holds (checked on every call): any other study answers 403. A user
 * asking for a study that is not theirs gets 404, like a missing one.
 */
@Injectable()
export class StudyAccess {
  readonly policy: AccessPolicy;

  constructor(
    instances: InstanceRepository,
    links: ViewerLinkRepository,
    private readonly tokens: ViewerTokens,
    private readonly fhirCallers: FhirCallers,
  ) {
    this.policy = new AccessPolicy(new SharedAccessProjection('imaging'), {
      holders: (db, key, delivery) =>
        key.studyUid ? instances.holdersOf(db, key.studyUid, delivery) : Promise.resolve([]),
      link: (db, id) => links.state(db, id),
    });
  }

  /** The user's access to the study (their own first, else a sharer's), or null: not theirs to see (404, like a missing one). */
  decide(db: Queryable, userId: string, studyInstanceUid: string): Promise<AccessDecision | null> {
    return this.policy.forUser(db, userId, [{ studyUid: studyInstanceUid }]);
  }

  /** Whose instances of the study the user sees, or null. */
  async ownerVisibleTo(db: Queryable, userId: string, studyInstanceUid: string): Promise<string | null> {
    return (await this.decide(db, userId, studyInstanceUid))?.owner ?? null;
  }

  /** Why a token still holds; a closed link answers its own error, anything else no longer shared 404. */
  async tokenHolds(db: Queryable, grant: ViewerGrant): Promise<AccessDecision> {
    const decision = await this.policy.forToken(db, grant);
    if (decision) return decision;
    throw tokenBasis(grant).kind === 'link' ? linkUnavailable() : studyNotFound();
  }

  /** The reader of a request: the viewer token wins over the bearer (the public page has only the former); 401 with neither. */
  async readerOf(db: Queryable, credentials: ReaderCredentials): Promise<ImagingReader> {
    if (credentials.viewerToken) {
      const grant = await this.tokens.verify(credentials.viewerToken, 'view');
      return { grant, decision: await this.tokenHolds(db, grant) };
    }
    if (credentials.userId) return { userId: credentials.userId };
    if (credentials.bearer) {
      const caller = await this.fhirCallers.of(credentials.bearer);
      requireScope(caller, 'ImagingStudy', 'r');
      if (!caller.clientId || !caller.authorizationId) return { userId: caller.userId };
      return {
        userId: caller.patientId,
        app: { clientId: caller.clientId, authorizationId: caller.authorizationId },
      };
    }
    throw unauthenticated();
  }

  /** What a reader's searches cover. */
  scopeOf(reader: ImagingReader): ReaderScope {
    return reader.grant
      ? { owner: reader.grant.owner, studies: reader.grant.studies }
      : { owner: reader.userId, studies: null };
  }

  /**
   * Whether the caller may change what belongs to the owner's copy of a study they read (issue 31's
   * annotations): only the owner's own signed-in session. The policy has no reason for acting for the
   * owner (a coordinator's viewer token is the member's, decision 0027, but their session is their own),
   * so shared people, public links, facilities, coordinators and a bare token read only.
   */
  changesAsOwner(decision: AccessDecision, caller: Caller): boolean {
    return !!caller.userId && !caller.onBehalfOf && caller.userId === decision.owner;
  }

  /** The reader's access to the study; 403 for a token not issued for it, 404 for a user without it. */
  async decisionFor(db: Queryable, reader: ImagingReader, studyInstanceUid: string): Promise<AccessDecision> {
    if (reader.grant) {
      if (!tokenCovers(reader.grant, studyInstanceUid)) throw tokenNotForStudy();
      return reader.decision;
    }
    const decision = await this.decide(db, reader.userId, studyInstanceUid);
    // An app reads the patient's own record: a study someone shared with them is not in it.
    if (!decision || (reader.app && decision.owner !== reader.userId)) throw studyNotFound();
    return decision;
  }
}
