import type { ShareGrant } from '@portal/server-kit';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../../library/library.repository';
import type { ListedRow, SharedPersonRepository } from '../shared-person.repository';
import type { SharingAccess } from '../sharing-access';
import { ListRecordPeople } from './list-record-people';

describe('ListRecordPeople', () => {
  const person = (id: string): ListedRow =>
    ({
      id,
      owner_user_id: 'u1',
      first_name: 'Ann',
      last_name: id,
      email: `${id}@example.com`,
      relationship: 'Friend',
      relationship_id: null,
      all_records: false,
      is_enabled: true,
      recipient_user_id: null,
      expires_at: null,
      last_opened_at: null,
      open_count: 0,
      accessed_notified_at: null,
      version: '1',
      n: 1,
    }) as ListedRow;
  const setup = (notOwned = 0) => {
    const recipients = { rowsByOwner: jest.fn(async () => [person('a'), person('b')]) };
    // The policy says only b sees the record now.
    const seeing = jest.fn(async () => [{ recipientId: 'b' } as ShareGrant]);
    const useCase = new ListRecordPeople(
      fakeUseCaseKit().kit,
      stub<SharedPersonRepository>(recipients, 'recipients'),
      stub<LibraryRepository>({ notOwned: jest.fn(async () => notOwned) }, 'library'),
      { policy: { seeing } } as unknown as SharingAccess,
    );
    return { recipients, seeing, useCase };
  };

  it("lists the caller's people for a record: everyone with whether each sees it (the toggles), or only those who see it", async () => {
    const { seeing, useCase } = setup();
    const toggles = await useCase.execute('u1', 'p1', { studyUid: '1.2.3', documentId: null }, false);
    expect(toggles.map((p) => [p.patient_portal_user_id, p.is_enabled])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    const seers = await useCase.execute('u1', 'p1', { studyUid: '1.2.3', documentId: null }, true);
    expect(seers.map((p) => p.patient_portal_user_id)).toEqual(['b']);
    expect(seeing).toHaveBeenCalledWith(expect.anything(), 'u1', {
      patientRequestId: 'p1',
      studyUid: '1.2.3',
      documentId: null,
    });
  });

  it("answers 404 for another patient's record", async () => {
    const { recipients, useCase } = setup(1);
    await expect(
      useCase.execute('u2', 'p1', { studyUid: '1.2.3', documentId: null }, false),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    expect(recipients.rowsByOwner).not.toHaveBeenCalled();
  });
});
