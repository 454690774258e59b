import type { ViewerGrant } from '@portal/contracts';
import type { Queryable } from '../database/sql';
import { isHolder } from './rules/owner.rule';
import { grantGives, type RecordKey, type ShareGrant } from './rules/share-grant.rule';
import { type LinkState, linkOpens } from './rules/viewer-link.rule';
import { tokenBasis } from './rules/viewer-token.rule';
import type { SharedAccessProjection } from './shared-access-projection';

/** Why a caller may read a record: kept with the decision so the audit row can say it. */
export type AccessReason =
  | { kind: 'owner' }
  | { kind: 'share'; recipientId: string; sharedBy: string }
  | { kind: 'link'; linkId: string }
  | { kind: 'delivery'; patientRequestId: string };

/** Whose data the caller reads (the record's owner) and why they may. */
export interface AccessDecision {
  owner: string;
  reason: AccessReason;
}

/** The reason in words, for the audit row's detail ("owner", "shared by <user>", "link <id>"). */
export const reasonText = (r: AccessReason): string =>
  r.kind === 'owner'
    ? 'owner'
    : r.kind === 'share'
      ? `shared by ${r.sharedBy}`
      : r.kind === 'link'
        ? `link ${r.linkId}`
        : `facility delivery ${r.patientRequestId}`;

/** What the asking context knows itself, the facts the rules are applied to. */
export interface AccessFacts {
  /**
   * The accounts that hold the record in this context (a study's instances, a request's rows), in the
   * order the context prefers; with a delivery, only those it came to with that facility delivery.
   */
  holders(db: Queryable, key: RecordKey, delivery?: string): Promise<string[]>;
  /** A public viewer link's state as this context keeps it; null for one it never heard of. */
  link?(db: Queryable, linkId: string): Promise<LinkState | null>;
}

/**
 * The one access policy of records, imaging and sharing: may this caller read this record, as whose, and
 * why. A user reads what they hold (owner rule) and what a live share grant of a holder covers
 * (share-grant rule); a viewer token reads what it was issued for while what it was issued on still
 * holds: its public link opens (viewer-link rule), the grant still covers every study, or the studies
 * still came with the facility's delivery. Each rule is a predicate in `rules/` with its own spec; this
 * class only looks up the facts. Acting for a group member will be one more rule here.
 */
export class AccessPolicy {
  constructor(
    readonly grants: SharedAccessProjection,
    private readonly facts: AccessFacts,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Whether the user may read the record, given as one key or several (a document is also seen through a
   * study of its request): their own first, then the first holder whose live grant covers it; null: not theirs to see.
   */
  async forUser(db: Queryable, userId: string, keys: RecordKey[]): Promise<AccessDecision | null> {
    const holders = await this.facts.holders(db, keys[0]);
    if (isHolder(userId, holders)) return { owner: userId, reason: { kind: 'owner' } };
    if (!holders.length) return null;
    const grants = await this.grants.grantsTo(db, userId, holders);
    const now = this.now();
    for (const owner of holders) {
      const grant = grants.find((g) => g.ownerUserId === owner && grantGives(g, keys, now));
      if (grant) return { owner, reason: { kind: 'share', recipientId: grant.recipientId, sharedBy: owner } };
    }
    return null;
  }

  /** Whether a viewer token still holds for every study it names (checked on every call: revoking takes effect at once). */
  async forToken(db: Queryable, grant: ViewerGrant): Promise<AccessDecision | null> {
    const basis = tokenBasis(grant);
    const owner = grant.owner;
    const now = this.now();
    switch (basis.kind) {
      case 'owner':
        return { owner, reason: { kind: 'owner' } };
      case 'link':
        return linkOpens(await this.facts.link?.(db, basis.linkId), now)
          ? { owner, reason: { kind: 'link', linkId: basis.linkId } }
          : null;
      case 'delivery': {
        for (const studyUid of grant.studies)
          if (!isHolder(owner, await this.facts.holders(db, { studyUid }, basis.patientRequestId)))
            return null;
        return { owner, reason: { kind: 'delivery', patientRequestId: basis.patientRequestId } };
      }
      case 'share':
      case 'mailed-share': {
        const grants: ShareGrant[] =
          basis.kind === 'share'
            ? await this.grants.grantsTo(db, basis.viewerUserId, [owner])
            : await this.grants.grantOf(db, basis.recipientId, owner);
        const grantOk = grants.find((g) =>
          grant.studies.every((studyUid) => grantGives(g, [{ studyUid }], now)),
        );
        return grantOk
          ? { owner, reason: { kind: 'share', recipientId: grantOk.recipientId, sharedBy: owner } }
          : null;
      }
    }
  }

  /** The owner's grants that let their person see the record now: the record's 'shared with'. */
  async seeing(db: Queryable, ownerUserId: string, key: RecordKey): Promise<ShareGrant[]> {
    const now = this.now();
    return (await this.grants.grantsBy(db, ownerUserId)).filter((g) => grantGives(g, [key], now));
  }
}
