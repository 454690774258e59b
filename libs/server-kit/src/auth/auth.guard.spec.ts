import type { ExecutionContext } from '@nestjs/common';
import type { ModuleRef, Reflector } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import { ACT_FOR_KEY } from './decorators';
import type { KeyRing, SessionRevocations, VerifiedClaims } from './key-ring';

const G = '11111111-1111-4111-8111-111111111111';
const M = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

const claims = (role: VerifiedClaims['role']): VerifiedClaims => ({
  sub: C,
  sid: 's1',
  personId: 'person-c',
  email: 'coordinator@example.com',
  roles: [role],
  role,
  iat: 0,
  exp: 0,
});

const row = (over: Record<string, unknown>) => ({
  groupId: G,
  parentGroupId: null,
  userId: M,
  personId: 'person-m',
  email: 'member@example.com',
  role: 'PATIENT',
  status: 'ACTIVE',
  permissions: ['VIEW_RECORDS'],
  expiresAt: null,
  ...over,
});

/** The guard on one route marked @ActFor('records', 'VIEW_RECORDS') (or not), with the context's kept memberships. */
const call = async (opts: {
  role?: VerifiedClaims['role'];
  header?: string;
  actFor?: boolean;
  rows?: unknown[];
}) => {
  const req: Record<string, unknown> = {
    headers: { authorization: 'Bearer t', ...(opts.header ? { 'x-on-behalf-of': opts.header } : {}) },
  };
  const query = jest.fn().mockResolvedValue(opts.rows ?? []);
  const reflector = {
    getAllAndOverride: () => undefined,
    get: (key: string) =>
      key === ACT_FOR_KEY && opts.actFor !== false
        ? { context: 'records', permission: 'VIEW_RECORDS' }
        : undefined,
  } as unknown as Reflector;
  const guard = new AuthGuard(
    reflector,
    { verify: async () => claims(opts.role ?? 'MEDICAL_COORDINATOR') } as unknown as KeyRing,
    { isRevoked: () => false } as unknown as SessionRevocations,
    { get: () => ({ db: { query } }) } as unknown as ModuleRef,
  );
  const ctx = {
    getHandler: () => undefined,
    getClass: () => undefined,
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
  const outcome = await guard.canActivate(ctx).then(
    () => 'ok',
    (e: { code?: string }) => e.code,
  );
  return { outcome, req, query };
};

const coordinator = row({ userId: C, role: 'MEDICAL_COORDINATOR', personId: null });

describe('AuthGuard acting for a group member', () => {
  it('runs the route as the member and keeps the coordinator as the actor', async () => {
    const { outcome, req, query } = await call({ header: `${G}/${M}`, rows: [row({}), coordinator] });
    expect(outcome).toBe('ok');
    expect(query.mock.calls[0][0]).toContain('records.group_memberships');
    expect(req.user).toMatchObject({
      sub: M,
      personId: 'person-m',
      email: 'member@example.com',
      role: 'PATIENT',
    });
    expect(req.onBehalfOf).toEqual({
      actorId: C,
      member: { userId: M, groupId: G, permission: 'VIEW_RECORDS' },
    });
  });

  it('answers 404 without a live tie, 403 without the permission on both sides', async () => {
    expect((await call({ header: `${G}/${M}`, rows: [row({})] })).outcome).toBe('RESOURCE.NOT_FOUND');
    expect((await call({ header: `${G}/${M}`, rows: [row({ status: 'LEFT' }), coordinator] })).outcome).toBe(
      'RESOURCE.NOT_FOUND',
    );
    expect(
      (
        await call({
          header: `${G}/${M}`,
          rows: [row({}), { ...coordinator, permissions: ['UPLOAD_RECORDS'] }],
        })
      ).outcome,
    ).toBe('AUTH.FORBIDDEN');
  });

  it('refuses a patient who sends the header, and a header that is not two uuids', async () => {
    expect((await call({ role: 'PATIENT', header: `${G}/${M}` })).outcome).toBe('AUTH.FORBIDDEN');
    for (const header of ['../../etc/passwd', `${G}/${M}/x`, `${G}`, `${G}/not-a-uuid`])
      expect((await call({ header })).outcome).toBe('REQUEST.VALIDATION_FAILED');
  });

  it('ignores the header on a route that does not allow acting (the caller stays themself)', async () => {
    const { outcome, req, query } = await call({ header: `${G}/${M}`, actFor: false });
    expect(outcome).toBe('ok');
    expect(req.user).toMatchObject({ sub: C, role: 'MEDICAL_COORDINATOR' });
    expect(query).not.toHaveBeenCalled();
  });
});
