import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { FhirCallers, ShareGrant, ViewerTokens } from '@portal/server-kit';
import type { InstanceRepository } from '../../instances/instance.repository';
import type { ViewerLinkRepository } from '../../viewer-links/viewer-link.repository';
import { StudyAccess } from './study-access';

/** Imaging's facts for the one access policy (whose rules have their own specs in server-kit). */
describe('StudyAccess', () => {
  // u1 holds 1.2.3, which came with the delivery of request pr1.
  const holdersOf = jest.fn(async (_db, study: string, delivery?: string) =>
    study === '1.2.3' && (!delivery || delivery === 'pr1') ? ['u1'] : [],
  );
  const links: Record<string, { revoked: boolean; expiresAt: null }> = {
    open: { revoked: false, expiresAt: null },
    gone: { revoked: true, expiresAt: null },
  };
  const state = jest.fn(async (_db, id: string) => links[id] ?? null);
  const verify = jest.fn(async (token: string) => ({
    sub: token === 'own' ? 'u1' : 'link:x',
    owner: 'u1',
    studies: ['1.2.3'],
    purpose: 'view' as const,
    exp: 0,
    link: token === 'own' ? undefined : token,
  }));
  // SMART apps' tokens (issue 29): 'images' may read ImagingStudy, 'patient-only' may not.
  const fhirCallerOf = jest.fn(async (header: string) => ({
    userId: 'u3',
    patientId: 'u3',
    scopes: header === 'Bearer images' ? ['patient/ImagingStudy.rs'] : ['patient/Patient.rs'],
    clientId: 'app',
    authorizationId: 'a1',
  }));
  const access = new StudyAccess(
    stub<InstanceRepository>({ holdersOf }, 'instances'),
    stub<ViewerLinkRepository>({ state }, 'links'),
    stub<ViewerTokens>({ verify }, 'tokens'),
    stub<FhirCallers>({ of: fhirCallerOf }, 'fhirCallers'),
  );
  const { db } = fakeUseCaseKit().kit;
  // u1 shares 1.2.3 with u3 (a live grant); the projection's SQL is covered by the integration tests.
  const grants: ShareGrant[] = [
    {
      recipientId: 'r1',
      ownerUserId: 'u1',
      name: 'U Three',
      enabled: true,
      allRecords: false,
      expiresAt: null,
      items: [{ patientRequestId: 'pr1', studyUid: '1.2.3', documentId: null }],
    },
  ];
  Object.assign(access.policy.grants, {
    grantsTo: jest.fn(async (_db, viewer: string) => (viewer === 'u3' ? grants : [])),
    grantOf: jest.fn(async (_db, id: string) => grants.filter((g) => g.recipientId === id)),
  });

  it('lets a person the owner shares the study with see it, as the owner, with the reason; a shared token stops at revocation', async () => {
    await expect(access.decide(db, 'u3', '1.2.3')).resolves.toEqual({
      owner: 'u1',
      reason: { kind: 'share', recipientId: 'r1', sharedBy: 'u1' },
    });
    const shared = { sub: 'u3', owner: 'u1', studies: ['1.2.3'], purpose: 'view' as const };
    await expect(access.tokenHolds(db, shared)).resolves.toMatchObject({ owner: 'u1' });
    await expect(access.tokenHolds(db, { ...shared, sub: 'recipient:r1' })).resolves.toMatchObject({
      owner: 'u1',
    });
    grants[0].enabled = false;
    await expect(access.tokenHolds(db, shared)).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    await expect(access.ownerVisibleTo(db, 'u3', '1.2.3')).resolves.toBeNull();
    grants[0].enabled = true;
  });

  it("holds a facility's token only for studies that came to the owner with the delivery it names", async () => {
    const facility = {
      sub: 'staff1',
      owner: 'u1',
      studies: ['1.2.3'],
      purpose: 'view' as const,
      delivery: 'pr1',
    };
    await expect(access.tokenHolds(db, facility)).resolves.toMatchObject({ reason: { kind: 'delivery' } });
    await expect(access.tokenHolds(db, { ...facility, delivery: 'pr2' })).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    await expect(access.tokenHolds(db, { ...facility, studies: ['1.2.3', '4.5.6'] })).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(holdersOf).toHaveBeenCalledWith(db, '1.2.3', 'pr1');
  });

  it('lets the holder of instances of the study see it as its owner; nothing for another user or an unknown study (404)', async () => {
    await expect(access.decisionFor(db, { userId: 'u1' }, '1.2.3')).resolves.toEqual({
      owner: 'u1',
      reason: { kind: 'owner' },
    });
    await expect(access.ownerVisibleTo(db, 'u2', '1.2.3')).resolves.toBeNull();
    await expect(access.decisionFor(db, { userId: 'u2' }, '1.2.3')).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    await expect(access.decisionFor(db, { userId: 'u1' }, '9.9')).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
  });

  it('reads the viewer token before the user, and refuses a token of a revoked link', async () => {
    const reader = await access.readerOf(db, { viewerToken: 'own', userId: 'u9' });
    expect(reader.grant?.owner).toBe('u1');
    await expect(access.readerOf(db, { viewerToken: 'open' })).resolves.toMatchObject({
      decision: { reason: { kind: 'link', linkId: 'open' } },
    });
    await expect(access.readerOf(db, { viewerToken: 'gone' })).rejects.toMatchObject({
      code: 'AUTH.UNAUTHENTICATED',
    });
    await expect(access.readerOf(db, {})).rejects.toMatchObject({ code: 'AUTH.UNAUTHENTICATED' });
    await expect(access.readerOf(db, { userId: 'u2' })).resolves.toEqual({ userId: 'u2' });
  });

  it('lets a token open only the studies it was issued for (403 otherwise)', async () => {
    const reader = {
      grant: { sub: 'u1', owner: 'u1', studies: ['1.2.3'], purpose: 'view' as const },
      decision: { owner: 'u1', reason: { kind: 'owner' as const } },
    };
    await expect(access.decisionFor(db, reader, '1.2.3')).resolves.toMatchObject({ owner: 'u1' });
    await expect(access.decisionFor(db, reader, '4.5.6')).rejects.toMatchObject({ code: 'AUTH.FORBIDDEN' });
    expect(access.scopeOf(reader)).toEqual({ owner: 'u1', studies: ['1.2.3'] });
  });

  it("lets a SMART app with an ImagingStudy scope read the patient's own studies, never one shared with them", async () => {
    const reader = await access.readerOf(db, { bearer: 'Bearer images' });
    expect(reader).toEqual({ userId: 'u3', app: { clientId: 'app', authorizationId: 'a1' } });
    // u1 shares 1.2.3 with u3: u3 sees it in the portal, but it is not in u3's own record.
    await expect(access.decisionFor(db, { userId: 'u3' }, '1.2.3')).resolves.toMatchObject({ owner: 'u1' });
    await expect(access.decisionFor(db, reader, '1.2.3')).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    await expect(access.readerOf(db, { bearer: 'Bearer patient-only' })).rejects.toMatchObject({
      code: 'AUTH.FORBIDDEN',
    });
  });
  it("lets only the owner's own session change the owner's copy: no shared person, link, bare token or coordinator", () => {
    const ownCopy = { owner: 'u1', reason: { kind: 'owner' as const } };
    const caller = (userId: string | null) => ({ userId, ip: null, requestId: null });
    expect(access.changesAsOwner(ownCopy, caller('u1'))).toBe(true);
    expect(access.changesAsOwner(ownCopy, caller(null))).toBe(false);
    expect(access.changesAsOwner(ownCopy, caller('c1'))).toBe(false);
    expect(
      access.changesAsOwner(ownCopy, {
        ...caller('c1'),
        onBehalfOf: { userId: 'u1', groupId: 'g1', permission: 'VIEW_RECORDS' },
      }),
    ).toBe(false);
    const sharedCopy = { owner: 'u1', reason: { kind: 'share' as const, recipientId: 'r1', sharedBy: 'u1' } };
    expect(access.changesAsOwner(sharedCopy, caller('u3'))).toBe(false);
    expect(access.changesAsOwner({ owner: 'u1', reason: { kind: 'link', linkId: 'x' } }, caller(null))).toBe(
      false,
    );
  });
});
