import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { DicomFiles } from '../../instances/dicom-files';
import type { IndexOnRead } from '../../instances/index-on-read';
import type { InstanceReadRepository } from '../../instances/instance-read.repository';
import { EXPLICIT_LITTLE, type FrameIndex } from '../../instances/dicom-index/frame-index';
import { readerOfStudy, USER } from '../shared/dicomweb.fixtures';
import { readMultipart } from '../shared/multipart';
import { frameNumbers, RetrieveFrames } from './retrieve-frames';

describe('RetrieveFrames', () => {
  // A stored file whose two frames are the bytes 'AAAA' and 'BBBB', and a 4-byte bulk value 'CCCC'.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'frames-')), 'f.dcm');
  fs.writeFileSync(file, 'xxAAAABBBBCCCC');
  const index: FrameIndex = {
    syntax: EXPLICIT_LITTLE,
    frames: [[[2, 4]], [[6, 4]]],
    bulk: { '00420011': [10, 4] },
  };
  const frameSource = jest.fn(async () => ({ fileKey: 'k', frames: index as FrameIndex | null }));
  const fill = jest.fn(async () => 1);
  const useCase = new RetrieveFrames(
    fakeUseCaseKit().kit,
    readerOfStudy(),
    stub<InstanceReadRepository>({ frameSource: frameSource as never }, 'reads'),
    stub<DicomFiles>({ pathOf: () => file }, 'files'),
    stub<IndexOnRead>({ fill }, 'indexOnRead'),
  );
  const at = { study: '1.2.3', series: 's', sop: 'i' };
  const parts = (answer: { contentType: string; body: Buffer }) =>
    readMultipart(answer.body, /boundary=([^;]+)/.exec(answer.contentType)![1])!.map((p) =>
      p.body.toString(),
    );

  it('reads "1,2,5" as frame numbers and refuses anything else with a 400', () => {
    expect(frameNumbers('1, 2,5')).toEqual([1, 2, 5]);
    for (const bad of ['0', '-1', '1.5', 'a', '', '1,,2', '99999999'])
      expect(() => frameNumbers(bad)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('answers the asked frames in order as multipart octet streams, in the stored syntax', async () => {
    const answer = await useCase.frames(USER, at, '2,1', undefined);
    expect(answer.contentType).toContain(`transfer-syntax=${EXPLICIT_LITTLE}`);
    expect(parts(answer)).toEqual(['BBBB', 'AAAA']);
  });

  it('answers a bulk data value by its tag, and 404 for a frame beyond the instance, an unknown tag or another study', async () => {
    expect(parts(await useCase.bulkData(USER, at, '00420011', undefined))).toEqual(['CCCC']);
    await expect(useCase.frames(USER, at, '3', undefined)).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    await expect(useCase.bulkData(USER, at, '00100010', undefined)).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    await expect(useCase.frames(USER, { ...at, study: '9.9' }, '1', undefined)).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
  });

  it('indexes an instance stored before frames were indexed, then answers from the new index', async () => {
    frameSource.mockResolvedValueOnce({ fileKey: 'k', frames: null });
    expect(parts(await useCase.frames(USER, at, '1', undefined))).toEqual(['AAAA']);
    expect(fill).toHaveBeenCalledWith({ owner: 'u1', studies: ['1.2.3'], series: 's', sop: 'i' });
  });
});
