import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { AccessSnapshots } from '../access-snapshots';
import type { SharedPersonRepository, SharedPersonRow } from '../shared-person.repository';
import { GetSharedPerson } from './get-shared-person';

const row = {
  id: 'r1',
  owner_user_id: 'u1',
  first_name: 'Ana',
  last_name: 'Lee',
  email: 'ana@example.com',
  relationship: 'Sibling',
  relationship_id: 5,
  all_records: false,
  is_enabled: true,
  recipient_user_id: 'u9',
  expires_at: null,
  last_opened_at: new Date('2026-11-20T10:00:00Z'),
  open_count: 2,
  version: '3',
} as unknown as SharedPersonRow;
const records = [
  {
    patientRequestId: 'p1',
    studyUid: '1.2.3',
    documentId: null,
    modality: 'MR',
    study_description: 'BRAIN',
    study_date: '2001-03-16',
    facility_name: 'St. Mary',
    last_opened_at: '2026-11-20T10:00:00.000Z',
    open_count: 2,
  },
];

describe('GetSharedPerson', () => {
  const setup = (found: SharedPersonRow | null) => {
    const fake = fakeUseCaseKit();
    const recipients = {
      find: jest.fn(async () => found),
      lock: jest.fn(async () => found),
      update: jest.fn(),
      sharedRecords: jest.fn(async () => records),
    };
    const publish = jest.fn();
    return {
      fake,
      recipients,
      publish,
      useCase: new GetSharedPerson(
        fake.kit,
        stub<SharedPersonRepository>(recipients, 'recipients'),
        stub<AccessSnapshots>({ publish }, 'snapshots'),
      ),
    };
  };

  it('answers the person with what they see and their use of it', async () => {
    await expect(setup(row).useCase.execute('u1', 'r1')).resolves.toMatchObject({
      person: { name: 'Ana Lee', patient_portal_user_id: 'r1', study_count: 1, open_count: 2 },
      records,
      all_records: false,
      last_opened_at: '2026-11-20T10:00:00.000Z',
      joined: true,
    });
  });

  it('sets when the share ends and announces it', async () => {
    const { recipients, publish, fake, useCase } = setup(row);
    const end = new Date(Date.now() + 86_400_000);
    await useCase.setExpiry('u1', 'r1', { expiresAt: end }, testCaller('u1'));
    expect(recipients.update).toHaveBeenCalledWith(expect.anything(), 'r1', { expires_at: end });
    expect(publish).toHaveBeenCalledTimes(1);
    expect(fake.audit).toEqual([expect.objectContaining({ action: 'sharing.expiry-set' })]);
  });

  it("answers 404 for another owner's person", async () => {
    const { useCase, recipients } = setup(null);
    await expect(useCase.execute('u2', 'r1')).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    await expect(useCase.setExpiry('u2', 'r1', { expiresAt: null }, testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(recipients.update).not.toHaveBeenCalled();
  });
});
