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
    const req = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: VerifiedClaims }>();
    const header = req.headers.authorization;
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets);
    if (isPublic && !header) return true;
    if (!header?.startsWith('Bearer ')) {
      if (isPublic) return true;
      throw unauthenticated();
    }
    const claims = await this.keys.verify(header.slice(7));
    if (this.revocations.isRevoked(claims)) throw unauthenticated();
    req.user = claims;
    const roles = this.reflector.getAllAndOverride<RoleMnemonic[] | undefined>(ROLES_KEY, targets);
    if (roles && !roles.includes(claims.role)) throw new AppError('AUTH.FORBIDDEN', 'You do not have access to this resource');
    return true;
  }
}
