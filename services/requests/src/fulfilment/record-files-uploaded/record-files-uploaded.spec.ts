import { fakeUseCaseKit } from '@portal/server-kit/testing';
import { requestInMemory } from '../fulfilment.fixtures';
import { RecordFilesUploaded } from './record-files-uploaded';

describe('RecordFilesUploaded', () => {
  const batch = (at: string, count = 20) => ({
    patientRequestId: 'r1',
    userId: 'u1',
    documentRequestId: 'd1',
    count,
    at,
  });

  it('records the first upload since submission with its count, not the batches that follow it', async () => {
    const fake = fakeUseCaseKit();
    const { state, repo } = requestInMemory();
    const useCase = new RecordFilesUploaded(fake.kit, repo);
    await fake.kit.transaction((tx) => useCase.execute(tx, batch('2026-01-02T10:00:00.000Z', 20)));
    await fake.kit.transaction((tx) => useCase.execute(tx, batch('2026-01-02T10:00:05.000Z', 20)));
    expect(state.timeline.filter((e) => e.event === 'FILES_UPLOADED')).toEqual([
      { event: 'FILES_UPLOADED', at: '2026-01-02T10:00:00.000Z', detail: '20' },
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'requests.files-uploaded-by-facility',
        detail: { documentRequestId: 'd1', count: 20 },
      }),
    ]);
    expect(fake.events).toEqual([]);
  });

  it('records an upload again after a rejection change or a submission of records', async () => {
    const fake = fakeUseCaseKit();
    const { state, repo } = requestInMemory();
    const useCase = new RecordFilesUploaded(fake.kit, repo);
    await fake.kit.transaction((tx) => useCase.execute(tx, batch('2026-01-02T10:00:00.000Z', 3)));
    state.timeline.push({ event: 'REJECTION_CANCELLED', at: '2026-01-03T10:00:00.000Z' });
    await fake.kit.transaction((tx) => useCase.execute(tx, batch('2026-01-04T10:00:00.000Z', 2)));
    expect(state.timeline.filter((e) => e.event === 'FILES_UPLOADED').map((e) => e.detail)).toEqual([
      '3',
      '2',
    ]);
  });
});
