import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { DicomFiles } from '../../instances/dicom-files';
import type { IndexOnRead } from '../../instances/index-on-read';
import type { InstanceFrameSource, InstanceReadRepository } from '../../instances/instance-read.repository';
import { BIG_ENDIAN, EXPLICIT_LITTLE, type FrameIndex } from '../../instances/dicom-index/frame-index';
import { readerOfStudy, USER } from '../shared/dicomweb.fixtures';
import { readMultipart } from '../shared/multipart';
import { RetrieveSeriesPixelData } from './retrieve-series-pixel-data';

describe('RetrieveSeriesPixelData', () => {
  // Two stored files: 'a' with two frames 'AAAA' and 'BBBB', 'b' (big endian) with one frame of two 16-bit samples.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pixeldata-'));
  fs.writeFileSync(path.join(dir, 'a'), 'xxAAAABBBB');
  fs.writeFileSync(path.join(dir, 'b'), Buffer.from([0, 0, 0x01, 0x02, 0x03, 0x04]));
  const two: FrameIndex = { syntax: EXPLICIT_LITTLE, frames: [[[2, 4]], [[6, 4]]], bulk: {} };
  const big: FrameIndex = { syntax: BIG_ENDIAN, frames: [[[2, 4]]], bulk: {}, swap: 2 };
  let rows: InstanceFrameSource[] = [];
  const frameSources = jest.fn(async () => rows);
  const fill = jest.fn(async () => 0);
  const useCase = new RetrieveSeriesPixelData(
    fakeUseCaseKit().kit,
    readerOfStudy(),
    stub<InstanceReadRepository>({ frameSources }, 'reads'),
    stub<DicomFiles>({ pathOf: (key: string) => path.join(dir, key) }, 'files'),
    stub<IndexOnRead>({ fill }, 'indexOnRead'),
  );
  const at = { study: '1.2.3', series: '4.5' };
  const read = async (accept?: string) => {
    const answer = await useCase.execute(USER, at, accept);
    const chunks: Buffer[] = [];
    for await (const c of answer.body) chunks.push(c as Buffer);
    const boundary = /boundary=([^;]+)/.exec(answer.contentType)![1];
    return readMultipart(Buffer.concat(chunks), boundary)!;
  };

  beforeEach(() => {
    rows = [
      { sop: '9.1', fileKey: 'a', frames: two },
      { sop: '9.2', fileKey: 'b', frames: big },
    ];
  });

  it('streams every frame of the series in order, each part naming its frame URL and its transfer syntax', async () => {
    const parts = await read();
    expect(parts.map((p) => p.body.toString('latin1'))).toEqual(['AAAA', 'BBBB', '\x01\x02\x03\x04']);
    expect(parts.map((p) => p.headers['content-location'])).toEqual([
      '/api/dicomweb/studies/1.2.3/series/4.5/instances/9.1/frames/1',
      '/api/dicomweb/studies/1.2.3/series/4.5/instances/9.1/frames/2',
      '/api/dicomweb/studies/1.2.3/series/4.5/instances/9.2/frames/1',
    ]);
    expect(parts.map((p) => p.headers['content-length'])).toEqual(['4', '4', '4']);
    expect(parts[0].headers['content-type']).toBe(
      `application/octet-stream; transfer-syntax=${EXPLICIT_LITTLE}`,
    );
    expect(parts[2].headers['content-type']).toBe(`application/octet-stream; transfer-syntax=${BIG_ENDIAN}`);
  });

  it('swaps big endian samples when little endian is asked', async () => {
    const parts = await read(
      `multipart/related; type="application/octet-stream"; transfer-syntax=${EXPLICIT_LITTLE}`,
    );
    expect([...parts[2].body]).toEqual([0x02, 0x01, 0x04, 0x03]);
  });

  it('refuses a syntax it cannot send with a 406 before any byte, and answers 404 for a series with no frames or another study', async () => {
    await expect(
      useCase.execute(
        USER,
        at,
        'multipart/related; type="application/octet-stream"; transfer-syntax=1.2.840.10008.1.2.4.50',
      ),
    ).rejects.toMatchObject({ status: 406 });
    rows = [];
    await expect(useCase.execute(USER, at, undefined)).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    await expect(useCase.execute(USER, { ...at, study: '9.9' }, undefined)).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
  });

  it('indexes instances stored before frames were indexed, then streams them', async () => {
    rows = [{ sop: '9.1', fileKey: 'a', frames: null }];
    fill.mockImplementationOnce(async () => {
      rows = [{ sop: '9.1', fileKey: 'a', frames: two }];
      return 1;
    });
    expect((await read()).map((p) => p.body.toString())).toEqual(['AAAA', 'BBBB']);
    expect(fill).toHaveBeenCalledWith({ owner: 'u1', studies: ['1.2.3'], series: '4.5' });
  });
});
