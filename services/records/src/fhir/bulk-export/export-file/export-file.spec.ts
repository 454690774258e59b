import { Readable } from 'node:stream';
import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import { anApp, anExportJob, EXPORT } from '../../test-fixtures';
import type { BulkExports } from '../bulk-exports';
import { ExportFileRead } from './export-file';

describe('ExportFileRead', () => {
  const output = [{ type: 'Patient', file: 'Patient.ndjson', count: 1 }];
  const setup = (job = anExportJob({ status: 'completed', output })) => {
    const fake = fakeUseCaseKit();
    const stream = Readable.from(['{}\n']);
    const readStream = jest.fn().mockResolvedValue(stream);
    const useCase = new ExportFileRead(
      fake.kit,
      stub<BulkExports>({ ownedBy: jest.fn().mockResolvedValue(job) }),
      stub<BlobStore>({ readStream }),
    );
    return { fake, stream, readStream, useCase };
  };

  it("streams a file of the caller's completed export, audited", async () => {
    const { fake, stream, readStream, useCase } = setup();
    await expect(useCase.execute(anApp(), EXPORT, 'Patient.ndjson', testCaller())).resolves.toBe(stream);
    expect(readStream).toHaveBeenCalledWith(`fhir-exports/${EXPORT}/Patient.ndjson`);
    expect(fake.audit[0]).toMatchObject({
      action: 'records.fhir-export-file-read',
      detail: expect.objectContaining({ file: 'Patient.ndjson' }),
    });
  });

  it('answers 404 for a file the export does not list, and for an export still running', async () => {
    for (const [job, file] of [
      [anExportJob({ status: 'completed', output }), '../../etc/passwd'],
      [anExportJob({ status: 'completed', output }), 'Consent.ndjson'],
      [anExportJob({ output }), 'Patient.ndjson'],
    ] as const) {
      const { readStream, useCase } = setup(job);
      await expect(useCase.execute(anApp(), EXPORT, file, testCaller())).rejects.toMatchObject({
        code: 'RESOURCE.NOT_FOUND',
      });
      expect(readStream).not.toHaveBeenCalled();
    }
  });
});
