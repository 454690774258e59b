import { MESSAGES } from '@portal/contracts';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../library/library.repository';
import type { AccessSnapshots } from './access-snapshots';
import type { SharedPersonRepository, SharedPersonRow } from './shared-person.repository';
import { ShareWithPerson } from './share-with-person';

const ana = {
  firstName: 'Ana',
  lastName: 'Lee',
  email: 'ana@example.com',
  id: 'ana@example.com',
  relationship: 'Sibling',
  relationshipId: 5,
};
const record = { patientRequestId: 'p1', studyUid: '1.2.3', documentId: null };

describe('ShareWithPerson', () => {
  const setup = (
    opts: {
      notOwned?: number;
      account?: string | null;
      proved?: boolean;
      existing?: Partial<SharedPersonRow> | null;
    } = {},
  ) => {
    const fake = fakeUseCaseKit();
    const row = { id: 'r1', owner_user_id: 'u1', all_records: false, ...opts.existing } as SharedPersonRow;
    const recipients = {
      lockByEmail: jest.fn(async () => (opts.existing ? row : null)),
      insert: jest.fn(async () => row),
      update: jest.fn(),
      addGrants: jest.fn(),
      find: jest.fn(async () => row),
    };
    const library = {
      notOwned: jest.fn(async () => opts.notOwned ?? 0),
      accountByEmail: jest.fn(async () =>
        opts.account
          ? {
              user_id: opts.account,
              first_name: 'A',
              last_name: 'B',
              email: 'ana@example.com',
              proved: opts.proved ?? true,
            }
          : null,
      ),
    };
    const publish = jest.fn();
    const useCase = new ShareWithPerson(
      fake.kit,
      stub<SharedPersonRepository>(recipients, 'recipients'),
      stub<LibraryRepository>(library, 'library'),
      stub<AccessSnapshots>({ publish }, 'snapshots'),
    );
    return { fake, recipients, publish, useCase };
  };

  it('adds a new person linked to the account holding the address, grants the records and announces it', async () => {
    const { fake, recipients, publish, useCase } = setup({ account: 'u9' });
    await expect(
      fake.kit.transaction((tx) =>
        useCase.execute(tx, 'u1', ana, { allRecords: false, records: [record] }, testCaller('u1')),
      ),
    ).resolves.toMatchObject({ created: true });
    expect(recipients.insert).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({
        email: 'ana@example.com',
        recipientUserId: 'u9',
        relationshipId: 5,
        allRecords: false,
      }),
    );
    expect(recipients.addGrants).toHaveBeenCalledWith(expect.anything(), 'r1', [record]);
    expect(publish).toHaveBeenCalledTimes(1);
    expect(fake.audit).toEqual([expect.objectContaining({ action: 'sharing.person-invited' })]);
  });

  it('does not link the account holding the address while its owner has not proved it (anyone may have signed up with it)', async () => {
    const { fake, recipients, publish, useCase } = setup({ account: 'u9', proved: false });
    await expect(
      fake.kit.transaction((tx) =>
        useCase.execute(tx, 'u1', ana, { allRecords: true, records: [] }, testCaller('u1')),
      ),
    ).resolves.toMatchObject({ created: true });
    expect(recipients.insert).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ email: 'ana@example.com', recipientUserId: null }),
    );
    expect(publish).toHaveBeenCalledTimes(1);
  });

  it('adds to what a person already has (all records stays all records)', async () => {
    const { fake, recipients, useCase } = setup({ existing: { all_records: true } });
    await expect(
      fake.kit.transaction((tx) =>
        useCase.execute(tx, 'u1', ana, { allRecords: false, records: [record] }, testCaller('u1')),
      ),
    ).resolves.toMatchObject({ created: false });
    expect(recipients.update).toHaveBeenCalledWith(
      expect.anything(),
      'r1',
      expect.objectContaining({ all_records: true, is_enabled: true }),
    );
  });

  it("refuses another patient's record (404) and the owner's own address (400), keeping nothing", async () => {
    const stranger = setup({ notOwned: 1 });
    await expect(
      stranger.fake.kit.transaction((tx) =>
        stranger.useCase.execute(tx, 'u1', ana, { allRecords: false, records: [record] }, testCaller('u1')),
      ),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    // The owner's own address, proved or not.
    const self = setup({ account: 'u1', proved: false });
    await expect(
      self.fake.kit.transaction((tx) =>
        self.useCase.execute(tx, 'u1', ana, { allRecords: true, records: [] }, testCaller('u1')),
      ),
    ).rejects.toMatchObject({ message: MESSAGES.cannotShareWithYourself });
    expect(stranger.recipients.insert).not.toHaveBeenCalled();
    expect(self.recipients.insert).not.toHaveBeenCalled();
  });
});
