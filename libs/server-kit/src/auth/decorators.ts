import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { RoleMnemonic } from '@portal/contracts';
import type { VerifiedClaims } from './key-ring';
import type { Caller } from '../audit/audit';

export const PUBLIC_KEY = 'portal:public';
export const ROLES_KEY = 'portal:roles';

/** A route anyone may call without a token. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_KEY, true);

/** The active role must be one of these. */
export const Roles = (...roles: RoleMnemonic[]): MethodDecorator & ClassDecorator =>
  SetMetadata(ROLES_KEY, roles);

export type CurrentUserClaims = VerifiedClaims;

/** The verified claims of the caller. */
export const CurrentUser = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): VerifiedClaims =>
    ctx.switchToHttp().getRequest<{ user: VerifiedClaims }>().user,
);

/** Who calls and from where (signed-in user, address, request id), for the use case and its audit rows. */
export const RequestCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Caller => {
  const req = ctx.switchToHttp().getRequest<{ ip: string; id: string; user?: VerifiedClaims }>();
  return { userId: req.user?.sub ?? null, ip: req.ip, requestId: String(req.id) };
});
