import { grantCovers, grantGives, isLiveGrant, type ShareGrant } from './share-grant.rule';

const now = new Date('2026-11-26T12:00:00Z');
const grant = (over: Partial<ShareGrant> = {}): ShareGrant => ({
  recipientId: 'r1',
  ownerUserId: 'o1',
  name: 'Ann Lee',
  enabled: true,
  allRecords: false,
  expiresAt: null,
  items: [
    { patientRequestId: 'p1', studyUid: '1.2.3', documentId: null },
    { patientRequestId: 'p2', studyUid: null, documentId: 'd9' },
  ],
  ...over,
});

describe('share-grant rule', () => {
  it('is live while switched on and not expired', () => {
    expect(isLiveGrant(grant(), now)).toBe(true);
    expect(isLiveGrant(grant({ expiresAt: '2026-11-27T00:00:00Z' }), now)).toBe(true);
    expect(isLiveGrant(grant({ enabled: false }), now)).toBe(false);
    expect(isLiveGrant(grant({ expiresAt: now }), now)).toBe(false);
    expect(isLiveGrant(grant({ expiresAt: new Date('2026-11-01') }), now)).toBe(false);
  });

  it('covers every record of the owner for all records, else only the records it names', () => {
    expect(
      grantCovers(grant({ allRecords: true, items: [] }), { patientRequestId: 'p7', studyUid: '9.9' }),
    ).toBe(true);
    expect(grantCovers(grant(), { patientRequestId: 'p1', studyUid: '1.2.3' })).toBe(true);
    expect(grantCovers(grant(), { patientRequestId: 'p1', studyUid: '1.2.4' })).toBe(false);
    expect(grantCovers(grant(), { patientRequestId: 'p2', documentId: 'd9' })).toBe(true);
    expect(grantCovers(grant(), { patientRequestId: 'p2', documentId: 'd8' })).toBe(false);
  });

  it('matches a record named by fewer fields (a study by UID alone, a request) on the fields it gives', () => {
    expect(grantCovers(grant(), { studyUid: '1.2.3' })).toBe(true);
    expect(grantCovers(grant(), { patientRequestId: 'p2' })).toBe(true);
    expect(grantCovers(grant(), { patientRequestId: 'p3' })).toBe(false);
  });

  it('gives access only when live and covering one of the keys', () => {
    const keys = [
      { patientRequestId: 'p1', documentId: 'd1' },
      { patientRequestId: 'p1', studyUid: '1.2.3' },
    ];
    expect(grantGives(grant(), keys, now)).toBe(true);
    expect(grantGives(grant({ enabled: false }), keys, now)).toBe(false);
    expect(grantGives(grant(), [keys[0]], now)).toBe(false);
  });
});
