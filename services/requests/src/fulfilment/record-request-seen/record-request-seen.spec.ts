import { fakeUseCaseKit } from '@portal/server-kit/testing';
import { requestInMemory } from '../fulfilment.fixtures';
import { RecordRequestSeen } from './record-request-seen';

describe('RecordRequestSeen', () => {
  const seen = {
    patientRequestId: 'r1',
    userId: 'u1',
    custodianId: 'c1',
    seenAt: '2026-01-02T10:00:00.000Z',
  };

  it('puts SEEN_BY_FACILITY on the timeline once, audited, without a status change', async () => {
    const fake = fakeUseCaseKit();
    const { state, repo } = requestInMemory();
    const useCase = new RecordRequestSeen(fake.kit, repo);
    await fake.kit.transaction((tx) => useCase.execute(tx, seen));
    await fake.kit.transaction((tx) => useCase.execute(tx, { ...seen, seenAt: '2026-01-03T10:00:00.000Z' }));
    expect(state.timeline.filter((e) => e.event === 'SEEN_BY_FACILITY')).toEqual([
      { event: 'SEEN_BY_FACILITY', at: seen.seenAt },
    ]);
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'requests.seen-by-facility', resourceId: 'r1', subjectId: 'u1' }),
    ]);
  });

  it('ignores a request it does not know', async () => {
    const fake = fakeUseCaseKit();
    const { state, repo } = requestInMemory();
    await fake.kit.transaction((tx) =>
      new RecordRequestSeen(fake.kit, repo).execute(tx, { ...seen, patientRequestId: 'other' }),
    );
    expect(state.timeline).toHaveLength(1);
    expect(fake.audit).toEqual([]);
  });
});
