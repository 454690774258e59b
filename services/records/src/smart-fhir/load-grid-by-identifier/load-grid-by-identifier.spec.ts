import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { QueryRow, SmartFhirRepository } from '../smart-fhir.repository';
import type { SmartFhirSources } from '../smart-fhir-sources';
import { aSource } from '../test-fixtures';
import { LoadGridByIdentifier } from './load-grid-by-identifier';

const aQuery = (over: Partial<QueryRow> = {}): QueryRow => ({
  id: 'q1',
  user_id: 'u1',
  source_id: 'lakeside-ehr',
  started_at: new Date(),
  finished_at: null,
  error: null,
  ...over,
});
const row = { id: 'row-1', modality: 'MR' };

describe('LoadGridByIdentifier', () => {
  const run = async (query: QueryRow | null) => {
    const fake = fakeUseCaseKit();
    const repo = stub<SmartFhirRepository>({
      ownQuery: jest.fn().mockResolvedValue(query),
      rowsOf: jest.fn().mockResolvedValue([row]),
    });
    const sources = stub<SmartFhirSources>({ byId: () => aSource({ timeoutMs: 1000 }) });
    const answer = await new LoadGridByIdentifier(fake.kit, repo, sources).execute(
      'u1',
      'q1',
      testCaller('u1'),
    );
    return { answer, fake };
  };

  it('is not ready while the source is being asked, and reads nothing', async () => {
    const { answer, fake } = await run(aQuery());
    expect(answer).toEqual({ is_ready: false, data: [], error: null });
    expect(fake.audit).toEqual([]);
  });

  it("answers a finished query's rows, audited, or its source's error", async () => {
    const done = await run(aQuery({ finished_at: new Date() }));
    expect(done.answer).toEqual({ is_ready: true, data: [row], error: null });
    expect(done.fake.audit).toEqual([
      expect.objectContaining({ action: 'records.smart-fhir-results-read', resourceId: 'q1' }),
    ]);
    const failed = await run(aQuery({ finished_at: new Date(), error: 'The facility could not be reached' }));
    expect(failed.answer).toEqual({ is_ready: true, data: [], error: 'The facility could not be reached' });
  });

  it('calls a query timed out once it is well past its deadline (its process is gone)', async () => {
    const { answer } = await run(aQuery({ started_at: new Date(Date.now() - 7_000) }));
    expect(answer).toEqual({ is_ready: true, data: [], error: 'This facility did not answer in time.' });
  });

  it("is 404 for another patient's identifier", async () => {
    await expect(run(null)).rejects.toMatchObject({ status: 404 });
  });
});
