import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import { anApp, anExportJob, AT, EXPORT, PATIENT } from '../test-fixtures';
import { BulkExports } from './bulk-exports';
import type { ExportRepository } from './export.repository';
import type { ExportRunner } from './export-runner';

describe('BulkExports', () => {
  const setup = (running: ReturnType<typeof anExportJob> | null = null, found = anExportJob()) => {
    const fake = fakeUseCaseKit();
    const exports = stub<ExportRepository>({
      running: jest.fn().mockResolvedValue(running),
      insert: jest.fn(async (_tx, job) => anExportJob({ ...job })),
      find: jest.fn().mockResolvedValue(found),
    });
    const runner = stub<ExportRunner>({
      start: jest.fn().mockResolvedValue(undefined),
      sweepExpired: jest.fn().mockResolvedValue(undefined),
    });
    const service = new BulkExports(fake.kit, exports, runner, { publicUrl: 'http://portal.test' });
    return { fake, exports, runner, service };
  };
  const request = { kind: 'fhir' as const, types: ['Patient'], since: AT, request: 'http://portal.test/x' };

  it('records the job and its audit row in one transaction, then runs it in the background', async () => {
    const { fake, exports, runner, service } = setup();
    const job = await service.begin(anApp(), request, testCaller());
    expect(exports.insert).toHaveBeenCalledWith(
      fake.tx,
      expect.objectContaining({
        user_id: PATIENT,
        client_id: 'app-1',
        authorization_id: 'auth-1',
        types: ['Patient'],
        since: AT,
      }),
    );
    expect(runner.start).toHaveBeenCalledWith(job);
    expect(fake.audit).toEqual([expect.objectContaining({ action: 'records.fhir-export-started' })]);
  });

  it('runs one export at a time per app and account: 429, or the running one when asked to reuse it', async () => {
    const running = anExportJob({ id: 'running' });
    await expect(setup(running).service.begin(anApp(), request, testCaller())).rejects.toMatchObject({
      code: 'REQUEST.RATE_LIMITED',
    });
    await expect(setup(running).service.begin(anApp(), request, testCaller(), true)).resolves.toBe(running);
  });

  it("finds only the caller's own live export: another authorization, account, a cancelled or expired one is 404", async () => {
    await expect(setup().service.ownedBy(anApp(), EXPORT)).resolves.toMatchObject({ id: EXPORT });
    for (const [caller, job] of [
      [anApp(['patient/*.rs'], { authorizationId: 'another-grant' }), anExportJob()],
      [anApp(['patient/*.rs'], { clientId: null, authorizationId: null }), anExportJob()],
      [anApp(['patient/*.rs'], { userId: 'u2', patientId: 'u2' }), anExportJob()],
      [anApp(), anExportJob({ status: 'cancelled' })],
      [anApp(), anExportJob({ status: 'completed', expired: true })],
    ] as const)
      await expect(setup(null, job).service.ownedBy(caller, EXPORT)).rejects.toMatchObject({
        code: 'RESOURCE.NOT_FOUND',
      });
    await expect(setup().service.ownedBy(anApp(), 'not-a-uuid')).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
  });

  it('writes the Bulk Data manifest with absolute file URLs', () => {
    const job = anExportJob({
      status: 'completed',
      output: [{ type: 'ImagingStudy', file: 'ImagingStudy.ndjson', count: 3 }],
    });
    expect(setup().service.manifest(job)).toEqual({
      transactionTime: AT.toISOString(),
      request: job.request,
      requiresAccessToken: true,
      output: [
        {
          type: 'ImagingStudy',
          url: `http://portal.test/api/fhir/$export-files/${EXPORT}/ImagingStudy.ndjson`,
          count: 3,
        },
      ],
      error: [],
    });
  });
});
