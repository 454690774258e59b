import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { RoleMnemonic } from '@portal/contracts';
import { AppError, unauthenticated } from '../errors/app-error';
import { KeyRing, SessionRevocations, type VerifiedClaims } from './key-ring';
import { PUBLIC_KEY, ROLES_KEY } from './decorators';

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
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const req = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | undefined>; user?: VerifiedClaims }>();
    const header = req.headers.authorization;
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) {
      // A browser keeps sending the token it has stored, expired or revoked ones too; a public route
      // serves it as a visitor instead of answering 401 (that broke the start-up feature settings call).
      req.user = await this.claimsOf(header).catch(() => undefined);
      return true;
    }
    if (!header?.startsWith('Bearer ')) throw unauthenticated();
    req.user = await this.claimsOf(header);
    const roles = this.reflector.getAllAndOverride<RoleMnemonic[] | undefined>(ROLES_KEY, targets);
    if (roles && !roles.includes(req.user.role))
      throw new AppError('AUTH.FORBIDDEN', 'You do not have access to this resource');
    return true;
  }

  /** The verified, unrevoked claims of a bearer header; throws 401 otherwise. */
  private async claimsOf(header: string | undefined): Promise<VerifiedClaims> {
    if (!header?.startsWith('Bearer ')) throw unauthenticated();
    const claims = await this.keys.verify(header.slice(7));
    if (this.revocations.isRevoked(claims)) throw unauthenticated();
    return claims;
  }
}
