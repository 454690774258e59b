import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { ViewerTokens } from '@portal/server-kit';
import type { InstanceRepository } from '../../instances/instance.repository';
import type { ViewerLinkRepository } from '../../viewer-links/viewer-link.repository';
import { StudyAccess } from './study-access';

describe('StudyAccess', () => {
  const stored = new Set(['u1|1.2.3']);
  // u1's 1.2.3 came with the delivery of request pr1.
  const delivered = new Set(['u1|1.2.3|pr1']);
  const hasStudy = jest.fn(async (_db, userId: string, study: string, patientRequestId?: string) =>
    patientRequestId ? delivered.has(`${userId}|${study}|${patientRequestId}`) : stored.has(`${userId}|${study}`));
  const openLinks = new Set(['open']);
  const opens = jest.fn(async (_db, linkId: string) => openLinks.has(linkId));
  const verify = jest.fn(async (token: string) => ({ sub: 'link:x', owner: 'u1', studies: ['1.2.3'], purpose: 'view' as const, exp: 0, link: token === 'revoked' ? 'gone' : token === 'linked' ? 'open' : undefined }));
  const access = new StudyAccess(stub<InstanceRepository>({ hasStudy }, 'instances'), stub<ViewerLinkRepository>({ opens }, 'links'), stub<ViewerTokens>({ verify }, 'tokens'));
  const { db } = fakeUseCaseKit().kit;
  // u1 shares 1.2.3 with u3 (live grant); the projection's SQL is covered by the integration tests.
  const grants = new Map([['u3|1.2.3', 'u1']]);
  Object.assign(access, {
    shares: {
      ownersCovering: jest.fn(async (_db, viewer: string, key: { studyUid: string }) => (grants.has(`${viewer}|${key.studyUid}`) ? [{ owner_user_id: grants.get(`${viewer}|${key.studyUid}`), all_records: false }] : [])),
      recipientCovering: jest.fn(async () => []),
    },
  });

  it('lets a person the owner shares the study with see it, answering the owner; a shared token stops at revocation', async () => {
    await expect(access.ownerVisibleTo(db, 'u3', '1.2.3')).resolves.toBe('u1');
    const shared = { sub: 'u3', owner: 'u1', studies: ['1.2.3'], purpose: 'view' as const };
    await expect(access.stillShared(db, shared)).resolves.toBe(true);
    grants.delete('u3|1.2.3');
    await expect(access.stillShared(db, shared)).resolves.toBe(false);
    await expect(access.ownerVisibleTo(db, 'u3', '1.2.3')).resolves.toBeNull();
    await expect(access.stillShared(db, { ...shared, sub: 'recipient:r1' })).resolves.toBe(false);
  });

  it("holds a facility's token only for studies that came to the owner with the delivery it names", async () => {
    const facility = { sub: 'staff1', owner: 'u1', studies: ['1.2.3'], purpose: 'view' as const, delivery: 'pr1' };
    await expect(access.stillShared(db, facility)).resolves.toBe(true);
    // The same study under another request, or another study of the owner: not the delivery's.
    await expect(access.stillShared(db, { ...facility, delivery: 'pr2' })).resolves.toBe(false);
    await expect(access.stillShared(db, { ...facility, studies: ['1.2.3', '4.5.6'] })).resolves.toBe(false);
    expect(hasStudy).toHaveBeenCalledWith(db, 'u1', '1.2.3', 'pr1');
  });

  it('lets the owner of instances of the study see it, as its owner', async () => {
    await expect(access.ownerVisibleTo(db, 'u1', '1.2.3')).resolves.toBe('u1');
    await expect(access.ownerFor(db, { userId: 'u1' }, '1.2.3')).resolves.toBe('u1');
  });

  it('sees nothing for another user, or for a study nobody has (404)', async () => {
    await expect(access.ownerVisibleTo(db, 'u2', '1.2.3')).resolves.toBeNull();
    await expect(access.ownerFor(db, { userId: 'u2' }, '1.2.3')).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
  });

  it('reads the viewer token header before the bearer, and refuses a token of a revoked link', async () => {
    const reader = await access.readerOf(db, { headers: { 'image-viewer-token': 'plain' }, user: { sub: 'u9' } as never });
    expect(reader.grant?.owner).toBe('u1');
    await expect(access.readerOf(db, { headers: { 'image-viewer-token': 'linked' } })).resolves.toHaveProperty('grant');
    await expect(access.readerOf(db, { headers: { 'image-viewer-token': 'revoked' } })).rejects.toMatchObject({ code: 'AUTH.UNAUTHENTICATED' });
    await expect(access.readerOf(db, { headers: {} })).rejects.toMatchObject({ code: 'AUTH.UNAUTHENTICATED' });
    await expect(access.readerOf(db, { headers: {}, user: { sub: 'u2' } as never })).resolves.toEqual({ userId: 'u2' });
  });

  it('lets a token open only the studies it was issued for (403 otherwise)', async () => {
    const reader = { grant: { sub: 'u1', owner: 'u1', studies: ['1.2.3'], purpose: 'view' as const } };
    await expect(access.ownerFor(db, reader, '1.2.3')).resolves.toBe('u1');
    await expect(access.ownerFor(db, reader, '4.5.6')).rejects.toMatchObject({ code: 'AUTH.FORBIDDEN' });
    expect(access.scopeOf(reader)).toEqual({ owner: 'u1', studies: ['1.2.3'] });
  });
});
