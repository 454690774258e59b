import { stub, testCaller } from '@portal/server-kit/testing';
import { anApp, anExportJob, EXPORT, PATIENT } from '../../test-fixtures';
import type { BulkExports } from '../bulk-exports';
import { StartExport } from './start-export';

describe('StartExport', () => {
  const setup = () => {
    const begin = jest.fn().mockResolvedValue(anExportJob());
    return { begin, useCase: new StartExport(stub<BulkExports>({ begin }, 'bulkExports')) };
  };
  const input = (query = {}, prefer: string | undefined = 'respond-async') => ({
    prefer,
    query,
    requestUrl: 'http://portal.test/api/fhir/Patient/p/$export',
  });

  it('starts an asynchronous export of the types in scope and answers its status path', async () => {
    const { begin, useCase } = setup();
    await expect(
      useCase.execute(
        anApp(['patient/ImagingStudy.rs', 'patient/Patient.rs']),
        PATIENT,
        input({ _since: '2026-01-01T00:00:00Z' }),
        testCaller(),
      ),
    ).resolves.toEqual({ statusPath: `/api/fhir/$export-status/${EXPORT}` });
    expect(begin).toHaveBeenCalledWith(
      expect.objectContaining({ clientId: 'app-1' }),
      {
        kind: 'fhir',
        types: ['Patient', 'ImagingStudy', 'Endpoint'],
        since: new Date('2026-01-01T00:00:00Z'),
        request: input().requestUrl,
      },
      expect.anything(),
    );
  });

  it('needs Prefer: respond-async, NDJSON output and the patient in context; an unknown _type is a 400', async () => {
    const { begin, useCase } = setup();
    for (const [patient, given] of [
      [PATIENT, input({}, '')],
      [PATIENT, input({}, 'return=minimal')],
      [PATIENT, input({ _outputFormat: 'text/csv' })],
      [PATIENT, input({ _type: 'Observation' })],
    ] as const)
      await expect(useCase.execute(anApp(), patient, given, testCaller())).rejects.toMatchObject({
        code: 'REQUEST.VALIDATION_FAILED',
      });
    await expect(useCase.execute(anApp(), 'someone-else', input(), testCaller())).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(begin).not.toHaveBeenCalled();
  });
});
