import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { RoleMnemonic } from '@portal/contracts';
import type { VerifiedClaims } from './key-ring';

export const PUBLIC_KEY = 'portal:public';
export const ROLES_KEY = 'portal:roles';

/** A route anyone may call without a token. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_KEY, true);

/** The active role must be one of these. */
export const Roles = (...roles: RoleMnemonic[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES_KEY, roles);

export type CurrentUserClaims = VerifiedClaims;

/** The verified claims of the caller. */
export const CurrentUser = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): VerifiedClaims => ctx.switchToHttp().getRequest<{ user: VerifiedClaims }>().user,
);

/** Where the call came from, for the audit log. */
export const RequestMeta = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const req = ctx.switchToHttp().getRequest<{ ip: string; id: string }>();
  return { ip: req.ip, requestId: String(req.id) };
});
export interface RequestMetaValue {
  ip: string;
  requestId: string;
}
