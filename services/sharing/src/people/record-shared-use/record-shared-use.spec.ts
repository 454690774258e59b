import type { Tx } from '@portal/server-kit';
import { stub } from '@portal/server-kit/testing';
import type { SharedPersonRepository, SharedPersonRow } from '../shared-person.repository';
import type { ShareMails } from '../share-mails';
import { RecordSharedUse } from './record-shared-use';

const tx = stub<Tx>({}, 'tx');

describe('RecordSharedUse', () => {
  const opened = {
    ownerUserId: 'owner',
    viewerUserId: 'v1',
    patientRequestId: 'p1',
    studyUid: '1.2.3',
    documentId: null,
    at: '2026-02-01T09:30:00.000Z',
  };
  const setup = (row: Partial<SharedPersonRow> | null) => {
    const recipients = {
      findByViewer: jest.fn(async () => row as SharedPersonRow | null),
      recordUse: jest.fn(),
      markAccessNotified: jest.fn(),
    };
    const toOwner = jest.fn();
    return {
      recipients,
      toOwner,
      useCase: new RecordSharedUse(
        stub<SharedPersonRepository>(recipients, 'recipients'),
        stub<ShareMails>({ toOwner }, 'mails'),
      ),
    };
  };

  it("counts the opening and mails the owner on the person's first access only", async () => {
    const first = setup({
      id: 'r1',
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      accessed_notified_at: null,
    });
    await first.useCase.execute(tx, opened);
    expect(first.recipients.recordUse).toHaveBeenCalledWith(
      tx,
      'r1',
      { patientRequestId: 'p1', studyUid: '1.2.3', documentId: null },
      opened.at,
    );
    expect(first.recipients.markAccessNotified).toHaveBeenCalledWith(tx, 'r1');
    expect(first.toOwner).toHaveBeenCalledWith(
      tx,
      'owner',
      'SHARING_SUCCESSFULLY_ACCESSED_NOTIFICATION',
      'Ann Lee opened your shared records',
      'Ann Lee (ann@example.com) opened the records you shared for the first time.',
    );
    const later = setup({ id: 'r1', first_name: 'Ann', last_name: 'Lee', accessed_notified_at: new Date() });
    await later.useCase.execute(tx, opened);
    expect(later.recipients.recordUse).toHaveBeenCalled();
    expect(later.toOwner).not.toHaveBeenCalled();
  });

  it('an opening by someone the owner no longer shares with changes nothing', async () => {
    const gone = setup(null);
    await gone.useCase.execute(tx, opened);
    expect(gone.recipients.recordUse).not.toHaveBeenCalled();
    expect(gone.toOwner).not.toHaveBeenCalled();
  });
});
