import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DicomFiles } from './dicom-files';

describe('DicomFiles', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dicom-files-'));
  const files = new DicomFiles({ dataDir });
  const uids = { studyInstanceUid: '1.2', seriesInstanceUid: '1.2.3', sopInstanceUid: '1.2.3.4' };
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stages a file beside its key under a name of its own, and places it whole at the key', async () => {
    const key = files.keyOf('u1', uids);
    const [a, b] = [await files.stage(key, Buffer.from('one')), await files.stage(key, Buffer.from('two'))];
    expect(a).not.toBe(b);
    expect(path.dirname(a)).toBe(path.dirname(key));
    await expect(files.read(key)).rejects.toThrow();
    await files.place(b, key);
    await files.remove(a);
    expect((await files.read(key)).toString()).toBe('two');
    expect(fs.readdirSync(path.dirname(files.pathOf(key)))).toEqual([path.basename(key)]);
  });

  it('keeps every key inside its root, whatever the UIDs say', () => {
    expect(files.keyOf('u1', { ...uids, sopInstanceUid: '../../etc/passwd' })).toMatch(
      /^u1\/[0-9a-f]{2}\/[0-9a-f]{64}\.dcm$/,
    );
    expect(() => files.pathOf('../outside.dcm')).toThrow();
  });
});
