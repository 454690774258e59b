import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import {
  GROUP_PERMISSION_TEXT,
  ON_BEHALF_OF_HEADER,
  parseOnBehalfOf,
  type RoleMnemonic,
} from '@portal/contracts';
import { AppError, badRequest, forbidden, notFound, unauthenticated } from '../errors/app-error';
import type { Queryable } from '../database/sql';
import { contextToken } from '../tokens';
import { GroupMembershipProjection } from '../record-access/group-membership-projection';
import { actingDecision } from '../record-access/rules/member.rule';
import { KeyRing, SessionRevocations, type VerifiedClaims } from './key-ring';
import { ACT_FOR_KEY, type ActForRule, type ActingRequest, PUBLIC_KEY, ROLES_KEY } from './decorators';

type GuardedRequest = {
  headers: Record<string, string | undefined>;
  user?: VerifiedClaims;
  onBehalfOf?: ActingRequest;
};

const STAFF: readonly RoleMnemonic[] = ['MEDICAL_COORDINATOR', 'GROUP_ADMIN'];

/**
 * Every route needs a valid, unrevoked access token unless marked @Public(); @Roles checks the
 * active role claim. Object-level checks come after, in the use case (see access.ts).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: KeyRing,
    private readonly revocations: SessionRevocations,
    private readonly modules: ModuleRef,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const req = context.switchToHttp().getRequest<GuardedRequest>();
    const header = req.headers.authorization;
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) {
      // A browser keeps sending the token it has stored, expired or revoked ones too; a public route
      // serves it as a visitor instead of answering 401 (that broke the start-up feature settings call).
      req.user = await this.claimsOf(header).catch(() => undefined);
      return true;
    }
    if (!header?.startsWith('Bearer ')) throw unauthenticated();
    req.user = await this.claimsOf(header);
    const actFor = this.reflector.get<ActForRule | undefined>(ACT_FOR_KEY, context.getHandler());
    const onBehalfOf = req.headers[ON_BEHALF_OF_HEADER];
    if (actFor && onBehalfOf !== undefined) await this.actFor(req, req.user, actFor, onBehalfOf);
    const roles = this.reflector.getAllAndOverride<RoleMnemonic[] | undefined>(ROLES_KEY, targets);
    if (roles && !roles.includes(req.user.role))
      throw new AppError('AUTH.FORBIDDEN', 'You do not have access to this resource');
    return true;
  }

  /**
   * A coordinator's call for a member (decision 0027): decided on every call from this context's own
   * copy of the memberships, so a membership left, removed or expired, or a permission taken away, is
   * refused from the next call on. No live tie: 404 (as if the member did not exist, so ids cannot be
   * probed); a tie without the permission on both sides: 403. Allowed: the route runs as the member.
   */
  private async actFor(
    req: GuardedRequest,
    claims: VerifiedClaims,
    rule: ActForRule,
    raw: string,
  ): Promise<void> {
    const target = parseOnBehalfOf(raw);
    if (!target) throw badRequest(`${ON_BEHALF_OF_HEADER} must be <groupId>/<userId>`);
    if (!STAFF.includes(claims.role))
      throw forbidden('Only a medical coordinator or a group admin can act for a group member');
    const db = this.modules.get<{ db: Queryable }>(contextToken(rule.context), { strict: false }).db;
    const ties = await new GroupMembershipProjection(rule.context).ties(
      db,
      claims.sub,
      target.groupId,
      target.userId,
    );
    const decision = actingDecision(ties.actors, ties.member, rule.permission, new Date());
    if (decision === 'none') throw notFound('Member');
    if (decision === 'forbidden')
      throw forbidden(
        `You do not have the "${GROUP_PERMISSION_TEXT[rule.permission].name}" permission for this member`,
      );
    req.onBehalfOf = {
      actorId: claims.sub,
      member: { userId: target.userId, groupId: target.groupId, permission: rule.permission },
    };
    // The route runs as the member: ownership checks, grids, requests and uploads are the member's own.
    req.user = {
      ...claims,
      sub: target.userId,
      personId: ties.member?.personId ?? '',
      email: ties.member?.email ?? '',
      role: 'PATIENT',
      roles: ['PATIENT'],
    };
  }

  /** The verified, unrevoked claims of a bearer header; throws 401 otherwise. */
  private async claimsOf(header: string | undefined): Promise<VerifiedClaims> {
    if (!header?.startsWith('Bearer ')) throw unauthenticated();
    const claims = await this.keys.verify(header.slice(7));
    if (this.revocations.isRevoked(claims)) throw unauthenticated();
    return claims;
  }
}
