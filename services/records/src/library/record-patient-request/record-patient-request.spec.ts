import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../library.repository';
import { RecordPatientRequest } from './record-patient-request';

describe('RecordPatientRequest', () => {
  it("puts the announced request into the library inside the consumer's transaction", async () => {
    const upsertRequest = jest.fn();
    const { tx } = fakeUseCaseKit();
    const event = {
      patientRequestId: 'r1',
      userId: 'u1',
      personId: 'p1',
      custodianId: 'c1',
      custodianName: 'Lakeside Radiology',
      patient: { firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12' },
      docReqTypes: ['IMAGES'],
      status: 'New',
      createdAt: '2026-11-01T00:00:00Z',
    };
    await new RecordPatientRequest(stub<LibraryRepository>({ upsertRequest }, 'library')).execute(tx, event);
    expect(upsertRequest).toHaveBeenCalledWith(tx, event);
  });
});
