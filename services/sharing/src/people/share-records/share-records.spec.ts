import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../../library/library.repository';
import type { SharedPersonRepository, SharedPersonRow } from '../shared-person.repository';
import type { ShareMails } from '../share-mails';
import type { ShareWithPerson } from '../share-with-person';
import { ShareRecords } from './share-records';

const ana = {
  firstName: 'Ana',
  lastName: 'Lee',
  email: 'ana@example.com',
  id: 'ana@example.com',
  relationship: 'Sibling',
  relationshipId: 5,
};

describe('ShareRecords', () => {
  it('invites the person with all records, mails them and tells the owner; answers the person as the list shows them', async () => {
    const row = {
      id: 'r1',
      first_name: 'Ana',
      last_name: 'Lee',
      email: 'ana@example.com',
    } as SharedPersonRow;
    const execute = jest.fn(async () => ({ row, created: true }));
    const invite = jest.fn();
    const toOwner = jest.fn();
    const listed = { patient_portal_user_id: 'r1', name: 'Ana Lee', study_count: 'All Records' };
    const useCase = new ShareRecords(
      fakeUseCaseKit().kit,
      stub<ShareWithPerson>({ execute }, 'share'),
      stub<SharedPersonRepository>({ listByOwner: jest.fn(async () => [listed as never]) }, 'recipients'),
      stub<LibraryRepository>(
        {
          accountHolder: jest.fn(async () => ({
            user_id: 'u1',
            first_name: 'Pat',
            last_name: 'Jordan',
            email: 'pat@example.com',
          })),
        },
        'library',
      ),
      stub<ShareMails>({ invite, toOwner }, 'mails'),
    );
    await expect(
      useCase.execute(
        'u1',
        {
          notificationRecipient: [ana],
          allRecords: true,
          limitedaccess: [{ patientRequestId: 'p1', studyUid: '1.2.3', documentId: null }],
          expiresAt: null,
        },
        testCaller('u1'),
      ),
    ).resolves.toEqual(listed);
    // All records: the listed records are not granted one by one.
    expect(execute).toHaveBeenCalledWith(
      expect.anything(),
      'u1',
      ana,
      { allRecords: true, records: [], expiresAt: undefined },
      expect.anything(),
    );
    expect(invite).toHaveBeenCalledWith(expect.anything(), row, 'Pat Jordan', true);
    expect(toOwner).toHaveBeenCalledWith(
      expect.anything(),
      'u1',
      'SHARING_INVITATION_SENT_NOTIFICATION',
      'Your invitation was sent',
      expect.stringContaining('ana@example.com'),
    );
  });
});
