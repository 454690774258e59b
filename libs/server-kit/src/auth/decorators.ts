import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { GroupPermission, RoleMnemonic } from '@portal/contracts';
import type { VerifiedClaims } from './key-ring';
import type { Caller, OnBehalfOf } from '../audit/audit';

export const PUBLIC_KEY = 'portal:public';
export const ROLES_KEY = 'portal:roles';
export const ACT_FOR_KEY = 'portal:act-for';

/** Where a route may be called acting for a group member: the context whose memberships decide, and the permission it needs. */
export interface ActForRule {
  context: string;
  permission: GroupPermission;
}

/** A route anyone may call without a token. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_KEY, true);

/** The active role must be one of these. */
export const Roles = (...roles: RoleMnemonic[]): MethodDecorator & ClassDecorator =>
  SetMetadata(ROLES_KEY, roles);

/**
 * A coordinator or group admin may call this route for a member of their group (the ON_BEHALF_OF header),
 * when the member consented to `permission` and the admin gave it (the member rule, decision 0027): the
 * route then runs as the member (`@CurrentUser()` is the member, role PATIENT) and its audit rows name
 * the coordinator as the actor. Routes without it ignore the header and run as the caller.
 */
export const ActFor = (context: string, permission: GroupPermission): MethodDecorator =>
  SetMetadata(ACT_FOR_KEY, { context, permission } satisfies ActForRule);

export type CurrentUserClaims = VerifiedClaims;

/** The verified claims of the caller. */
export const CurrentUser = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): VerifiedClaims =>
    ctx.switchToHttp().getRequest<{ user: VerifiedClaims }>().user,
);

/** Who calls and from where (signed-in user, address, request id), for the use case and its audit rows. */
export const RequestCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Caller => {
  const req = ctx
    .switchToHttp()
    .getRequest<{ ip: string; id: string; user?: VerifiedClaims; onBehalfOf?: ActingRequest }>();
  if (req.onBehalfOf)
    return {
      userId: req.onBehalfOf.actorId,
      ip: req.ip,
      requestId: String(req.id),
      onBehalfOf: req.onBehalfOf.member,
    };
  return { userId: req.user?.sub ?? null, ip: req.ip, requestId: String(req.id) };
});

/** What the guard leaves on a request it let act for a member: the real actor and whom they act for. */
export interface ActingRequest {
  actorId: string;
  member: OnBehalfOf;
}
