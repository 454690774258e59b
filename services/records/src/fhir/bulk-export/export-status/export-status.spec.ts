import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import { anApp, anExportJob, EXPORT } from '../../test-fixtures';
import type { BulkExports } from '../bulk-exports';
import type { ExportRepository } from '../export.repository';
import type { ExportRunner } from '../export-runner';
import { CancelExport } from './cancel-export';
import { ExportStatus } from './export-status';

describe('ExportStatus and CancelExport', () => {
  const status = (job = anExportJob()) =>
    new ExportStatus(
      stub<BulkExports>({
        ownedBy: jest.fn().mockResolvedValue(job),
        manifest: jest.fn().mockReturnValue({ output: [] }),
      }),
    ).execute(anApp(), EXPORT);

  it('answers running with its progress, then the manifest once completed', async () => {
    await expect(status(anExportJob({ progress: 'ImagingStudy: 1000 written' }))).resolves.toEqual({
      running: true,
      progress: 'ImagingStudy: 1000 written',
    });
    await expect(status(anExportJob({ status: 'completed' }))).resolves.toEqual({
      running: false,
      manifest: { output: [] },
    });
  });

  it('answers an error for a failed export and for one whose runner stopped beating', async () => {
    await expect(
      status(anExportJob({ status: 'failed', error: 'The export failed; start it again' })),
    ).rejects.toMatchObject({
      code: 'INTERNAL.ERROR',
      message: 'The export failed; start it again',
    });
    await expect(status(anExportJob({ stalled: true }))).rejects.toMatchObject({ code: 'INTERNAL.ERROR' });
  });

  it("cancels the caller's export: the runner stops and a finished one's files go", async () => {
    const fake = fakeUseCaseKit();
    const output = [{ type: 'Patient', file: 'Patient.ndjson', count: 1 }];
    const runner = stub<ExportRunner>({ cancel: jest.fn(), removeFiles: jest.fn() });
    const useCase = new CancelExport(
      fake.kit,
      stub<BulkExports>({ ownedBy: jest.fn().mockResolvedValue(anExportJob()) }),
      stub<ExportRepository>({ cancel: jest.fn().mockResolvedValue(anExportJob({ output })) }),
      runner,
    );
    await useCase.execute(anApp(), EXPORT, testCaller());
    expect(runner.cancel).toHaveBeenCalledWith(EXPORT);
    expect(runner.removeFiles).toHaveBeenCalledWith(EXPORT, output);
    expect(fake.audit[0]).toMatchObject({ action: 'records.fhir-export-cancelled', resourceId: EXPORT });
  });
});
