import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../../library/library.repository';
import type { AccessSnapshots } from '../access-snapshots';
import type { SharedPersonRepository, SharedPersonRow } from '../shared-person.repository';
import type { RemoveAccess } from '../remove-access/remove-access';
import { DisableShare } from './disable-share';

const record = { patientRequestId: 'p1', studyUid: '1.2.3', documentId: null };

describe('DisableShare', () => {
  const setup = (opts: { notOwned?: number; person?: Partial<SharedPersonRow> | null } = {}) => {
    const fake = fakeUseCaseKit();
    const row =
      opts.person === null
        ? null
        : ({ id: 'r1', owner_user_id: 'u1', all_records: false, ...opts.person } as SharedPersonRow);
    const recipients = { lock: jest.fn(async () => row), addGrants: jest.fn(), update: jest.fn() };
    const within = jest.fn(async () => 'OK' as const);
    const publish = jest.fn();
    const useCase = new DisableShare(
      fake.kit,
      stub<SharedPersonRepository>(recipients, 'recipients'),
      stub<LibraryRepository>({ notOwned: jest.fn(async () => opts.notOwned ?? 0) }, 'library'),
      stub<AccessSnapshots>({ publish }, 'snapshots'),
      stub<RemoveAccess>({ within }, 'removeAccess'),
    );
    return { fake, recipients, within, publish, useCase };
  };

  it('switches the record on for one person (a grant) and off for another (remove access)', async () => {
    const { recipients, within, publish, useCase } = setup();
    await expect(
      useCase.execute(
        'u1',
        {
          ...record,
          recipient: [
            { patient_portal_user_id: 'r1', is_enabled: true },
            { patient_portal_user_id: 'r2', is_enabled: false },
          ],
        },
        testCaller('u1'),
      ),
    ).resolves.toBe('OK');
    expect(recipients.addGrants).toHaveBeenCalledWith(expect.anything(), 'r1', [record]);
    expect(publish).toHaveBeenCalledTimes(1);
    expect(within).toHaveBeenCalledWith(
      expect.anything(),
      'u1',
      'r2',
      { study_uuid: '1.2.3', document_id: null },
      expect.anything(),
    );
  });

  it('a person with all records needs no grant to see it', async () => {
    const { recipients, useCase } = setup({ person: { all_records: true } });
    await useCase.execute(
      'u1',
      { ...record, recipient: [{ patient_portal_user_id: 'r1', is_enabled: true }] },
      testCaller('u1'),
    );
    expect(recipients.addGrants).not.toHaveBeenCalled();
  });

  it("answers 404 for another patient's record or person", async () => {
    await expect(
      setup({ notOwned: 1 }).useCase.execute(
        'u2',
        { ...record, recipient: [{ patient_portal_user_id: 'r1', is_enabled: true }] },
        testCaller('u2'),
      ),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    await expect(
      setup({ person: null }).useCase.execute(
        'u1',
        { ...record, recipient: [{ patient_portal_user_id: 'r9', is_enabled: true }] },
        testCaller('u1'),
      ),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
  });
});
