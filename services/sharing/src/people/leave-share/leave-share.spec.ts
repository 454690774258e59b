import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { AccessSnapshots } from '../access-snapshots';
import type { SharedPersonRepository, SharedPersonRow } from '../shared-person.repository';
import { LeaveShare } from './leave-share';

const person = {
  id: 'r1',
  owner_user_id: 'owner',
  recipient_user_id: 'viewer',
  email: 'ana@example.com',
  version: '3',
} as SharedPersonRow;

describe('LeaveShare', () => {
  const setup = (row: SharedPersonRow | null) => {
    const fake = fakeUseCaseKit();
    const calls: string[] = [];
    const findByViewer = jest.fn(async () => row);
    const recipients = stub<SharedPersonRepository>(
      { findByViewer, delete: jest.fn(async (_db, id: string) => void calls.push(`delete ${id}`)) },
      'recipients',
    );
    const publish = jest.fn(
      async (_tx, r: SharedPersonRow, gone?: boolean) =>
        void calls.push(`publish ${r.id}${gone ? ' gone' : ''}`),
    );
    return {
      fake,
      calls,
      findByViewer,
      useCase: new LeaveShare(fake.kit, recipients, stub<AccessSnapshots>({ publish }, 'snapshots')),
    };
  };

  it("removes the caller's own share of that owner: 'nothing left' is announced before the row goes, audited", async () => {
    const { fake, calls, findByViewer, useCase } = setup(person);
    await expect(useCase.execute('viewer', 'owner', testCaller('viewer'))).resolves.toBe('OK');
    expect(findByViewer).toHaveBeenCalledWith(expect.anything(), 'owner', 'viewer');
    expect(calls).toEqual(['publish r1 gone', 'delete r1']);
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'sharing.share-left', resourceId: 'r1', subjectId: 'owner' }),
    ]);
  });

  it('answers 404 when that owner shares nothing with the caller, changing nothing', async () => {
    const { fake, calls, useCase } = setup(null);
    await expect(useCase.execute('stranger', 'owner', testCaller('stranger'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Share not found',
    });
    expect(calls).toEqual([]);
    expect(fake.audit).toEqual([]);
  });
});
