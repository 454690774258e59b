import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../library.repository';
import { RecordStoredStudy } from './record-stored-study';

describe('RecordStoredStudy', () => {
  it("adds the announced study to its request in the consumer's transaction, under a new id", async () => {
    const upsertStudy = jest.fn();
    const { tx } = fakeUseCaseKit();
    const event = {
      userId: 'u1',
      patientRequestId: 'r1',
      studyInstanceUid: '1.2.3',
      modality: 'CT',
      studyDescription: 'Chest',
      studyDate: '2026-10-01',
      numberOfInstances: 1,
    };
    await new RecordStoredStudy(stub<LibraryRepository>({ upsertStudy }, 'library')).execute(tx, event);
    expect(upsertStudy).toHaveBeenCalledWith(tx, expect.stringMatching(/^[0-9a-f-]{36}$/), event);
  });
});
