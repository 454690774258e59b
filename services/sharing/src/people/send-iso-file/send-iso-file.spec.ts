import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { MailedDownloads } from '../../downloads/mailed-downloads';
import type { LibraryRepository } from '../../library/library.repository';
import type { SharedPersonRow } from '../shared-person.repository';
import type { RemoveAccess } from '../remove-access/remove-access';
import type { ShareMails } from '../share-mails';
import type { ShareWithPerson } from '../share-with-person';
import { SendIsoFile } from './send-iso-file';

const ana = {
  firstName: 'Ana',
  lastName: 'Lee',
  email: 'ana@example.com',
  id: 'ana@example.com',
  relationship: 'Sibling',
  relationshipId: 5,
};
const input = {
  notificationRecipients: [ana],
  studyUid: '1.2.3',
  documentId: null,
  patientRequestId: 'p1',
  cfindResponseId: 's1',
  includeInvitationLink: true,
  includeISOLink: true,
  includeZipLink: false,
  deletePatientPortalAclIds: ['r2'],
};

describe('SendIsoFile', () => {
  const setup = (notOwned = 0) => {
    const row = { id: 'r1', first_name: 'Ana', last_name: 'Lee' } as SharedPersonRow;
    const share = jest.fn(async () => ({ row, created: true }));
    const within = jest.fn(async () => 'OK' as const);
    const invite = jest.fn();
    const toOwner = jest.fn();
    const links = jest.fn(async () => ({ iso: 'https://portal.test/iso', zip: 'https://portal.test/zip' }));
    const useCase = new SendIsoFile(
      fakeUseCaseKit().kit,
      stub<ShareWithPerson>({ execute: share }, 'share'),
      stub<RemoveAccess>({ within }, 'removeAccess'),
      stub<LibraryRepository>(
        { notOwned: jest.fn(async () => notOwned), accountHolder: jest.fn(async () => null) },
        'library',
      ),
      stub<ShareMails>({ invite, toOwner }, 'mails'),
      stub<MailedDownloads>({ links }, 'downloads'),
    );
    return { share, within, invite, toOwner, useCase };
  };

  it('shares the one record with each person, mails the links asked for, and takes it from the listed people', async () => {
    const { share, within, invite, toOwner, useCase } = setup();
    await expect(useCase.execute('u1', input, testCaller('u1'))).resolves.toBe('OK');
    expect(share).toHaveBeenCalledWith(
      expect.anything(),
      'u1',
      ana,
      { allRecords: false, records: [{ patientRequestId: 'p1', studyUid: '1.2.3', documentId: null }] },
      expect.anything(),
    );
    expect(within).toHaveBeenCalledWith(
      expect.anything(),
      'u1',
      'r2',
      { study_uuid: '1.2.3', document_id: null },
      expect.anything(),
    );
    expect(invite).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ id: 'r1' }),
      'A patient',
      true,
      { iso: 'https://portal.test/iso', zip: undefined },
    );
    expect(toOwner).toHaveBeenCalledWith(
      expect.anything(),
      'u1',
      'SHARING_INVITATION_SENT_NOTIFICATION',
      expect.any(String),
      expect.stringContaining('Ana Lee'),
    );
  });

  it("answers 404 for a record that is not the caller's, sharing and mailing nothing", async () => {
    const { share, invite, useCase } = setup(1);
    await expect(useCase.execute('u2', input, testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(share).not.toHaveBeenCalled();
    expect(invite).not.toHaveBeenCalled();
  });
});
