import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../../library/library.repository';
import type { RecipientRepository } from '../recipient.repository';
import { ListPeople } from './list-people';

describe('ListPeople', () => {
  const setup = (notOwned = 0) => {
    const recipients = { listByOwner: jest.fn(async () => []), listForRecord: jest.fn(async () => []), shareableRecords: jest.fn(async () => []) };
    const useCase = new ListPeople(fakeUseCaseKit().kit, stub<RecipientRepository>(recipients, 'recipients'), stub<LibraryRepository>({ notOwned: jest.fn(async () => notOwned) }, 'library'));
    return { recipients, useCase };
  };

  it("lists the caller's people, for a record everyone (the toggles) or only those who see it", async () => {
    const { recipients, useCase } = setup();
    await useCase.all('u1');
    expect(recipients.listByOwner).toHaveBeenCalledWith(expect.anything(), 'u1');
    await useCase.forRecord('u1', 'p1', { studyUid: '1.2.3', documentId: null }, false);
    await useCase.forRecord('u1', 'p1', { studyUid: '1.2.3', documentId: null }, true);
    expect(recipients.listForRecord.mock.calls.map((c) => (c as unknown[])[3])).toEqual([false, true]);
  });

  it("answers 404 for another patient's record", async () => {
    const { recipients, useCase } = setup(1);
    await expect(useCase.forRecord('u2', 'p1', { studyUid: '1.2.3', documentId: null }, false)).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    expect(recipients.listForRecord).not.toHaveBeenCalled();
  });
});
