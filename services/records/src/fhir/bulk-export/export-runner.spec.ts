import type { Resource } from '@medplum/fhirtypes';
import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { FhirResources } from '../resources/fhir-resources';
import { anExportJob, AT, EXPORT } from '../test-fixtures';
import type { ExportRepository } from './export.repository';
import { ExportRunner } from './export-runner';

describe('ExportRunner', () => {
  const setup = (opts: { complete?: boolean; failOn?: string } = {}) => {
    const fake = fakeUseCaseKit();
    const files = new Map<string, string>();
    const blobs = stub<BlobStore>({
      writeStream: jest.fn(async (key: string, source: AsyncIterable<Buffer>) => {
        const parts: Buffer[] = [];
        for await (const p of source) parts.push(p);
        files.set(key, Buffer.concat(parts).toString());
      }),
      remove: jest.fn(async (key: string) => void files.delete(key)),
    });
    const pages = jest.fn(async function* (_db: unknown, type: string, _patient: string, _criteria: unknown) {
      if (type === opts.failOn) throw new Error('the database went away');
      if (type === 'ImagingStudy') {
        yield [{ resourceType: 'ImagingStudy', id: 's1' } as Resource];
        yield [{ resourceType: 'ImagingStudy', id: 's2' } as Resource];
      }
    });
    const exports = stub<ExportRepository>({
      progress: jest.fn(),
      complete: jest.fn().mockResolvedValue(opts.complete ?? true),
      fail: jest.fn().mockResolvedValue(undefined),
    });
    const runner = new ExportRunner(fake.kit, exports, stub<FhirResources>({ pages }), blobs);
    return { fake, files, pages, exports, runner };
  };

  it('writes each type as NDJSON page by page, lists the files with lines, and audits the reads', async () => {
    const { fake, files, pages, exports, runner } = setup();
    await runner.start(anExportJob({ types: ['Patient', 'ImagingStudy'], since: AT }));
    expect(pages.mock.calls[0][3]).toEqual({ lastUpdated: [], date: [], since: AT });
    expect([...files]).toEqual([
      [
        `fhir-exports/${EXPORT}/ImagingStudy.ndjson`,
        '{"resourceType":"ImagingStudy","id":"s1"}\n{"resourceType":"ImagingStudy","id":"s2"}\n',
      ],
    ]);
    expect(exports.complete).toHaveBeenCalledWith(
      fake.tx,
      EXPORT,
      [{ type: 'ImagingStudy', file: 'ImagingStudy.ndjson', count: 2 }],
      24,
    );
    expect(exports.progress).toHaveBeenCalledWith(
      fake.kit.db,
      EXPORT,
      'ImagingStudy: 2 written (type 2 of 2)',
    );
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'records.fhir-exported',
        detail: expect.objectContaining({
          clientId: 'app-1',
          authorizationId: 'auth-1',
          reads: { ImagingStudy: 2 },
        }),
      }),
    ]);
  });

  it('fails the job and keeps no file when reading fails', async () => {
    const { files, exports, runner } = setup({ failOn: 'Patient' });
    await runner.start(anExportJob({ types: ['ImagingStudy', 'Patient'] }));
    expect(files.size).toBe(0);
    expect(exports.fail).toHaveBeenCalledWith(expect.anything(), EXPORT, 'The export failed; start it again');
  });

  it('removes the files of a job cancelled while it ran', async () => {
    const { files, fake, runner } = setup({ complete: false });
    await runner.start(anExportJob({ types: ['ImagingStudy'] }));
    expect(files.size).toBe(0);
    expect(fake.audit).toEqual([]);
  });
});
