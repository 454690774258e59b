import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { QueryRow, SmartFhirRepository } from '../smart-fhir.repository';
import type { SmartFhirQueries } from '../smart-fhir-queries';
import type { SmartFhirSources } from '../smart-fhir-sources';
import { aHolder, aSource } from '../test-fixtures';
import { InitLoadGrid } from './init-load-grid';

const aQuery = (over: Partial<QueryRow> = {}): QueryRow => ({
  id: 'q-old',
  user_id: 'u1',
  source_id: 'lakeside-ehr',
  started_at: new Date(),
  finished_at: new Date(),
  error: null,
  ...over,
});

describe('InitLoadGrid', () => {
  const setup = (latest: QueryRow | null, holder = aHolder()) => {
    const fake = fakeUseCaseKit();
    const start = jest.fn();
    const repo = stub<SmartFhirRepository>(
      {
        holder: jest.fn().mockResolvedValue(holder),
        latestQuery: jest.fn().mockResolvedValue(latest),
        insertQuery: jest.fn(),
        patientAt: jest
          .fn()
          .mockResolvedValue({ mrn: null, firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12' }),
      },
      'repository',
    );
    const sources = stub<SmartFhirSources>({
      all: () => [aSource(), aSource({ id: 'st-mary-pacs', kind: 'dicomweb' })],
    });
    const useCase = new InitLoadGrid(fake.kit, repo, sources, stub<SmartFhirQueries>({ start }));
    return { fake, start, repo, useCase };
  };

  it('starts one background query per source and answers their identifiers, audited', async () => {
    const { fake, start, useCase } = setup(null);
    const { identifiers } = await useCase.execute('u1', false, testCaller('u1'));
    expect(identifiers.map((i) => [i.kind, i.facility.name])).toEqual([
      ['fhir', 'Lakeside Radiology'],
      ['dicomweb', 'Lakeside Radiology'],
    ]);
    expect(start).toHaveBeenCalledTimes(2);
    expect(start.mock.calls[0][0]).toEqual({ id: identifiers[0].identifier, user_id: 'u1' });
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'records.smart-fhir-queried',
        subjectId: 'u1',
        detail: expect.objectContaining({ sources: 2 }),
      }),
    ]);
  });

  it('reuses a fresh query that did not fail, and queries again on Reload, after a failure or once it is old', async () => {
    expect((await setup(aQuery()).useCase.execute('u1', false, testCaller())).identifiers[0].identifier).toBe(
      'q-old',
    );
    for (const [latest, reload] of [
      [aQuery(), true],
      [aQuery({ error: 'The facility did not answer in time' }), false],
      [aQuery({ started_at: new Date(Date.now() - 11 * 60_000) }), false],
    ] as const) {
      const { start, useCase } = setup(latest);
      const { identifiers } = await useCase.execute('u1', reload, testCaller());
      expect(identifiers[0].identifier).not.toBe('q-old');
      expect(start).toHaveBeenCalledTimes(2);
    }
  });

  it('still starts the queries of a holder without a name, so each says what is missing', async () => {
    const { start, useCase } = setup(null, aHolder({ firstName: '' }));
    await useCase.execute('u1', false, testCaller());
    expect(start.mock.calls[0][2]).toBeNull();
  });
});
