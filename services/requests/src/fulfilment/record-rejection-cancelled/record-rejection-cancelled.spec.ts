import { fakeUseCaseKit } from '@portal/server-kit/testing';
import { requestInMemory } from '../fulfilment.fixtures';
import { RequestStatusChanges } from '../request-status';
import { RecordRejectionCancelled } from './record-rejection-cancelled';

const lost = {
  nrrType: 'RECORDS_FILMS_ARE_LOST' as const,
  reason: 'Records/films are lost',
  otherReason: null,
  rejectedAt: '2026-01-05T09:00:00.000Z',
};
const cancelled = {
  patientRequestId: 'r1',
  userId: 'u1',
  documentRequestId: 'd1',
  documentRequestType: 'IMAGES',
  at: '2026-01-06T09:00:00.000Z',
};

describe('RecordRejectionCancelled', () => {
  const setup = (status: string) => {
    const fake = fakeUseCaseKit();
    const mem = requestInMemory({ status, types: ['IMAGES'] });
    mem.state.documentRequests[0].rejection = lost;
    return {
      fake,
      ...mem,
      useCase: new RecordRejectionCancelled(fake.kit, mem.repo, new RequestStatusChanges(fake.kit, mem.repo)),
    };
  };

  it("clears the rejection, writes REJECTION_CANCELLED and takes a 'Declined' request back to 'New'", async () => {
    const { fake, state, useCase } = setup('Declined');
    await fake.kit.transaction((tx) => useCase.execute(tx, cancelled));
    expect(state.documentRequests[0].rejection).toBeNull();
    expect(state.timeline.at(-1)).toEqual({
      event: 'REJECTION_CANCELLED',
      at: cancelled.at,
      detail: 'Images',
    });
    expect(state.request.status).toBe('New');
    expect(fake.events).toEqual([
      {
        type: 'requests.patient-request-status-changed',
        payload: expect.objectContaining({
          status: 'New',
          documentRequests: [{ id: 'd1', type: 'IMAGES', rejection: null }],
        }),
      },
    ]);
    expect(fake.audit.map((a) => a.action)).toEqual([
      'requests.document-request-rejection-cancelled',
      'requests.status-changed',
    ]);
  });

  it('leaves any other status as it is', async () => {
    const { fake, state, useCase } = setup('Uploaded by external provider');
    await fake.kit.transaction((tx) => useCase.execute(tx, cancelled));
    expect(state.request.status).toBe('Uploaded by external provider');
    expect(fake.events).toEqual([]);
  });
});
