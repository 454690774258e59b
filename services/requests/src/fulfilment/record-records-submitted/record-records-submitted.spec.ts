import { fakeUseCaseKit } from '@portal/server-kit/testing';
import { requestInMemory } from '../fulfilment.fixtures';
import { RequestStatusChanges } from '../request-status';
import { RecordRecordsSubmitted } from './record-records-submitted';

const submitted = (submittedAt: string) => ({
  patientRequestId: 'r1',
  userId: 'u1',
  custodianId: 'c1',
  custodianName: 'St. Mary Imaging Center',
  submittedAt,
  documents: [
    {
      documentId: 'f1',
      documentRequestId: 'd2',
      documentRequestType: 'REPORTS',
      key: 'k',
      fileName: 'report.pdf',
      path: 'report.pdf',
      contentType: 'application/pdf',
      size: 9,
    },
  ],
});

describe('RecordRecordsSubmitted', () => {
  const setup = () => {
    const fake = fakeUseCaseKit();
    const mem = requestInMemory();
    return {
      fake,
      ...mem,
      useCase: new RecordRecordsSubmitted(fake.kit, mem.repo, new RequestStatusChanges(fake.kit, mem.repo)),
    };
  };

  it("moves the request to 'Uploaded by external provider', on the timeline and announced", async () => {
    const { fake, state, useCase } = setup();
    await fake.kit.transaction((tx) => useCase.execute(tx, submitted('2026-01-07T09:00:00.000Z')));
    expect(state.request.status).toBe('Uploaded by external provider');
    expect(state.timeline.at(-1)).toEqual({
      event: 'RECORDS_SUBMITTED',
      at: '2026-01-07T09:00:00.000Z',
      detail: '1',
    });
    expect(fake.events).toEqual([
      {
        type: 'requests.patient-request-status-changed',
        payload: expect.objectContaining({
          status: 'Uploaded by external provider',
          at: '2026-01-07T09:00:00.000Z',
        }),
      },
    ]);
    expect(fake.audit.map((a) => a.action)).toEqual([
      'requests.records-submitted-by-facility',
      'requests.status-changed',
    ]);
  });

  it('does not undo a completion that reached us first (imaging answered the same submission)', async () => {
    const { fake, state, useCase } = setup();
    state.request.status = 'Completed';
    state.timeline.push({ event: 'COMPLETED', at: '2026-01-07T09:00:02.000Z' });
    await fake.kit.transaction((tx) => useCase.execute(tx, submitted('2026-01-07T09:00:00.000Z')));
    expect(state.request.status).toBe('Completed');
    expect(fake.events).toEqual([]);
  });
});
