import type { ViewerGrant } from '@portal/contracts';
import type { Queryable } from '../database/sql';
import { AccessPolicy, type AccessFacts, reasonText } from './access-policy';
import type { ShareGrant } from './rules/share-grant.rule';
import type { SharedAccessProjection } from './shared-access-projection';

const db = {} as Queryable;
const now = new Date('2026-11-26T12:00:00Z');
const grant = (over: Partial<ShareGrant>): ShareGrant => ({
  recipientId: 'r1',
  ownerUserId: 'o1',
  name: 'V',
  enabled: true,
  allRecords: false,
  expiresAt: null,
  items: [],
  ...over,
});

/** A policy over fixed facts: holders by study, the grants kept, the links kept. */
const policy = (
  holders: Record<string, string[]>,
  grants: ShareGrant[],
  links: Record<string, { revoked: boolean; expiresAt: string | null }> = {},
) => {
  const facts: AccessFacts = {
    holders: async (_db, key, delivery) =>
      holders[`${key.studyUid ?? key.patientRequestId}${delivery ? `@${delivery}` : ''}`] ?? [],
    link: async (_db, id) => links[id] ?? null,
  };
  const projection = {
    grantsTo: async (_db: Queryable, viewer: string, owners: string[]) =>
      grants.filter((g) => g.recipientId.startsWith(viewer) && owners.includes(g.ownerUserId)),
    grantOf: async (_db: Queryable, id: string, owner: string) =>
      grants.filter((g) => g.recipientId === id && g.ownerUserId === owner),
    grantsBy: async (_db: Queryable, owner: string) => grants.filter((g) => g.ownerUserId === owner),
  } as unknown as SharedAccessProjection;
  return new AccessPolicy(projection, facts, () => now);
};

describe('AccessPolicy.forUser', () => {
  it('answers the user as owner of what they hold, before any share', async () => {
    const p = policy({ s1: ['v', 'o1'] }, [grant({ recipientId: 'v-r', allRecords: true })]);
    expect(await p.forUser(db, 'v', [{ studyUid: 's1' }])).toEqual({ owner: 'v', reason: { kind: 'owner' } });
  });

  it('answers the sharer as owner when a live grant covers the record, with the reason', async () => {
    const p = policy({ s1: ['o1'] }, [
      grant({ recipientId: 'v-r', items: [{ patientRequestId: 'p1', studyUid: 's1', documentId: null }] }),
    ]);
    const d = await p.forUser(db, 'v', [{ studyUid: 's1' }]);
    expect(d).toEqual({ owner: 'o1', reason: { kind: 'share', recipientId: 'v-r', sharedBy: 'o1' } });
    expect(reasonText(d!.reason)).toBe('shared by o1');
  });

  it('refuses a switched-off, expired or unrelated grant, and a record nobody holds', async () => {
    const covering = { items: [{ patientRequestId: 'p1', studyUid: 's1', documentId: null }] };
    expect(
      await policy({ s1: ['o1'] }, [grant({ recipientId: 'v-r', enabled: false, ...covering })]).forUser(
        db,
        'v',
        [{ studyUid: 's1' }],
      ),
    ).toBeNull();
    expect(
      await policy({ s1: ['o1'] }, [
        grant({ recipientId: 'v-r', expiresAt: '2026-11-25T00:00:00Z', ...covering }),
      ]).forUser(db, 'v', [{ studyUid: 's1' }]),
    ).toBeNull();
    expect(
      await policy({ s1: ['o1'] }, [grant({ recipientId: 'x-r', allRecords: true })]).forUser(db, 'v', [
        { studyUid: 's1' },
      ]),
    ).toBeNull();
    expect(
      await policy({}, [grant({ recipientId: 'v-r', allRecords: true })]).forUser(db, 'v', [
        { studyUid: 's1' },
      ]),
    ).toBeNull();
  });

  it("takes the grant of the record's holder, not another sharer's", async () => {
    const p = policy({ s1: ['o2'] }, [grant({ recipientId: 'v-r', ownerUserId: 'o1', allRecords: true })]);
    expect(await p.forUser(db, 'v', [{ studyUid: 's1' }])).toBeNull();
  });
});

describe('AccessPolicy.forToken', () => {
  const token = (over: Partial<ViewerGrant>): ViewerGrant => ({
    sub: 'v',
    owner: 'o1',
    studies: ['s1', 's2'],
    purpose: 'view',
    ...over,
  });

  it('holds a public link token while its link opens', async () => {
    const open = policy({}, [], { L: { revoked: false, expiresAt: null } });
    expect(await open.forToken(db, token({ sub: 'link:L', link: 'L' }))).toEqual({
      owner: 'o1',
      reason: { kind: 'link', linkId: 'L' },
    });
    expect(
      await policy({}, [], { L: { revoked: true, expiresAt: null } }).forToken(
        db,
        token({ sub: 'link:L', link: 'L' }),
      ),
    ).toBeNull();
    expect(await policy({}, []).forToken(db, token({ sub: 'link:L', link: 'L' }))).toBeNull();
  });

  it("holds a shared person's token only while the grant covers every study", async () => {
    const items = [{ patientRequestId: 'p1', studyUid: 's1', documentId: null }];
    expect(await policy({}, [grant({ recipientId: 'v-r', items })]).forToken(db, token({}))).toBeNull();
    const both = [...items, { patientRequestId: 'p1', studyUid: 's2', documentId: null }];
    expect(
      await policy({}, [grant({ recipientId: 'v-r', items: both })]).forToken(db, token({})),
    ).toMatchObject({ reason: { kind: 'share' } });
    expect(
      await policy({}, [grant({ recipientId: 'r7', allRecords: true })]).forToken(
        db,
        token({ sub: 'recipient:r7' }),
      ),
    ).toMatchObject({ reason: { kind: 'share', recipientId: 'r7' } });
  });

  it("holds a facility's token only for studies that came to the owner with its delivery", async () => {
    const t = token({ sub: 'staff', delivery: 'p1' });
    expect(await policy({ 's1@p1': ['o1'], 's2@p1': ['o1'] }, []).forToken(db, t)).toEqual({
      owner: 'o1',
      reason: { kind: 'delivery', patientRequestId: 'p1' },
    });
    expect(await policy({ 's1@p1': ['o1'] }, []).forToken(db, t)).toBeNull();
  });

  it("holds the owner's own token", async () => {
    expect(await policy({}, []).forToken(db, token({ sub: 'o1' }))).toEqual({
      owner: 'o1',
      reason: { kind: 'owner' },
    });
  });
});
