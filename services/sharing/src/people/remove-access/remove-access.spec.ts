import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../../library/library.repository';
import type { AccessSnapshots } from '../access-snapshots';
import type { SharedPersonRepository, SharedPersonRow } from '../shared-person.repository';
import { RemoveAccess } from './remove-access';

const person = (over: Partial<SharedPersonRow> = {}): SharedPersonRow =>
  ({
    id: 'r1',
    owner_user_id: 'u1',
    first_name: 'Ana',
    last_name: 'Lee',
    email: 'ana@example.com',
    all_records: false,
    is_enabled: true,
    version: '1',
    ...over,
  }) as SharedPersonRow;

describe('RemoveAccess', () => {
  const setup = (row: SharedPersonRow | null) => {
    const fake = fakeUseCaseKit();
    const calls: string[] = [];
    const recipients = stub<SharedPersonRepository>(
      {
        lock: jest.fn(async () => row),
        removeAllGrants: jest.fn(async () => void calls.push('removeAll')),
        removeMatching: jest.fn(async (_db, _id, study: string | null) => void calls.push(`remove ${study}`)),
        addGrants: jest.fn(async (_db, _id, records: unknown[]) => void calls.push(`add ${records.length}`)),
        update: jest.fn(async (_db, _id, set: object) => void calls.push(`update ${JSON.stringify(set)}`)),
        delete: jest.fn(async () => void calls.push('delete')),
      },
      'recipients',
    );
    const library = stub<LibraryRepository>(
      {
        ownerRecords: jest.fn(async () => [
          { patientRequestId: 'p', studyUid: 'a', documentId: null },
          { patientRequestId: 'p', studyUid: 'b', documentId: null },
        ]),
      },
      'library',
    );
    const publish = jest.fn(
      async (_tx, _row, gone?: boolean) => void calls.push(gone ? 'publish gone' : 'publish'),
    );
    const useCase = new RemoveAccess(
      fake.kit,
      recipients,
      library,
      stub<AccessSnapshots>({ publish }, 'snapshots'),
    );
    return { fake, calls, useCase };
  };

  it('takes one study from a limited share and announces the new state', async () => {
    const { calls, useCase, fake } = setup(person());
    await expect(
      useCase.execute('u1', 'r1', { study_uuid: 'a', document_id: null }, testCaller('u1')),
    ).resolves.toBe('OK');
    expect(calls).toEqual(['update {}', 'remove a', 'publish']);
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'sharing.access-removed', resourceId: 'r1' }),
    ]);
  });

  it('a person with all records who loses one keeps every other study, as limited access', async () => {
    const { calls, useCase } = setup(person({ all_records: true }));
    await useCase.execute('u1', 'r1', { study_uuid: 'a', document_id: null }, testCaller('u1'));
    expect(calls).toEqual(['add 2', 'update {"all_records":false}', 'remove a', 'publish']);
  });

  it('both null removes every record; removing the person announces nothing left before the row goes', async () => {
    const all = setup(person({ all_records: true }));
    await all.useCase.execute('u1', 'r1', { study_uuid: null, document_id: null }, testCaller('u1'));
    expect(all.calls).toEqual(['removeAll', 'update {"all_records":false}', 'publish']);
    const gone = setup(person());
    await gone.useCase.removePerson('u1', 'r1', testCaller('u1'));
    expect(gone.calls).toEqual(['publish gone', 'delete']);
  });

  it('answers 404 for a person of another owner, changing nothing', async () => {
    const { calls, useCase } = setup(null);
    await expect(
      useCase.execute('u2', 'r1', { study_uuid: 'a', document_id: null }, testCaller('u2')),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    await expect(useCase.removePerson('u2', 'r1', testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(calls).toEqual([]);
  });
});
