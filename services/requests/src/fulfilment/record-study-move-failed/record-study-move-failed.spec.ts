import { fakeUseCaseKit } from '@portal/server-kit/testing';
import { requestInMemory } from '../fulfilment.fixtures';
import { RequestStatusChanges } from '../request-status';
import { RecordStudyMoveFailed } from './record-study-move-failed';

const failure = {
  patientRequestId: 'r1',
  userId: 'u1',
  reason: 'The facility answered 503 to an instance of the study',
  at: '2026-01-07T09:00:00.000Z',
};

describe('RecordStudyMoveFailed', () => {
  const setup = (status: string) => {
    const fake = fakeUseCaseKit();
    const mem = requestInMemory({ status, types: ['IMAGES'] });
    return {
      fake,
      ...mem,
      useCase: new RecordStudyMoveFailed(mem.repo, new RequestStatusChanges(fake.kit, mem.repo)),
    };
  };

  it("sends a request whose move failed to the facility's inbox ('New'), with the reason on its timeline", async () => {
    const { fake, state, useCase } = setup('Pending study move');
    await fake.kit.transaction((tx) => useCase.execute(tx, failure));
    expect(state.request.status).toBe('New');
    expect(state.timeline.at(-1)).toEqual({
      event: 'STUDY_MOVE_FAILED',
      at: failure.at,
      detail: failure.reason,
    });
    expect(fake.events.map((e) => e.type)).toEqual(['requests.patient-request-status-changed']);
  });

  it('changes nothing once the request moved on (a late failure after completion)', async () => {
    const { fake, state, useCase } = setup('Completed');
    await fake.kit.transaction((tx) => useCase.execute(tx, failure));
    expect(state.request.status).toBe('Completed');
    expect(fake.events).toEqual([]);
  });
});
