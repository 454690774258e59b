import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { ScanRepository } from '../scan.repository';
import { aListRow } from '../test-fixtures';
import { LoadScans } from './load-scans';

describe('LoadScans', () => {
  it("answers the caller's scans, newest first as the repository orders them, and audits the read", async () => {
    const fake = fakeUseCaseKit();
    const listOwned = jest.fn().mockResolvedValue([aListRow({ id: 's2', top_rank: 3 }), aListRow()]);
    const rows = await new LoadScans(fake.kit, stub<ScanRepository>({ listOwned }, 'scans')).execute(
      'u1',
      testCaller('u1'),
    );
    expect(listOwned).toHaveBeenCalledWith(fake.kit.db, 'u1');
    expect(rows.map((r) => [r.id, r.top_outcome])).toEqual([
      ['s2', 'MAJOR_FINDING'],
      ['s1', 'MINOR_FINDING'],
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'records.wbs-list-read', subjectId: 'u1', detail: { scans: 2 } }),
    ]);
  });
});
