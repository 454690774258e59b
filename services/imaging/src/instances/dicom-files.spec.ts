import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DicomFiles } from './dicom-files';

describe('DicomFiles', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dicom-files-'));
  const files = new DicomFiles({ dataDir });
  const uids = { studyInstanceUid: '1.2', seriesInstanceUid: '1.2.3', sopInstanceUid: '1.2.3.4' };
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stages a file under a name of its own, and places it whole at its key', async () => {
    await files.onModuleInit();
    const key = files.keyOf('u1', uids);
    const [a, b] = [await files.stage(key, Buffer.from('one')), await files.stage(key, Buffer.from('two'))];
    expect(a).not.toBe(b);
    await expect(files.read(key)).rejects.toThrow();
    await files.place(b, key);
    await files.remove(a);
    expect((await files.read(key)).toString()).toBe('two');
    expect(fs.readdirSync(path.dirname(files.pathOf(a)))).toEqual([]);
  });

  it('clears staged files a stopped process left an hour ago or more, and keeps the ones being written', async () => {
    const [old, fresh] = [
      await files.stage('u1/x.dcm', Buffer.from('a')),
      await files.stage('u1/y.dcm', Buffer.from('b')),
    ];
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(files.pathOf(old), twoHoursAgo, twoHoursAgo);
    await files.onModuleInit();
    expect(fs.existsSync(files.pathOf(old))).toBe(false);
    expect(fs.existsSync(files.pathOf(fresh))).toBe(true);
  });

  it("makes a key's folder when placing finds it missing (again after it was removed), and refuses a key outside the root before writing", async () => {
    const key = files.keyOf('u2', uids);
    await files.place(await files.stage(key, Buffer.from('first')), key);
    fs.rmSync(path.dirname(path.dirname(files.pathOf(key))), { recursive: true });
    await files.place(await files.stage(key, Buffer.from('again')), key);
    expect((await files.read(key)).toString()).toBe('again');
    const staging = path.dirname(files.pathOf(await files.stage(key, Buffer.from('x'))));
    const before = fs.readdirSync(staging).length;
    await expect(files.stage('../outside.dcm', Buffer.from('x'))).rejects.toThrow();
    expect(fs.readdirSync(staging)).toHaveLength(before);
  });

  it('keeps every key inside its root, whatever the UIDs say', () => {
    expect(files.keyOf('u1', { ...uids, sopInstanceUid: '../../etc/passwd' })).toMatch(
      /^u1\/[0-9a-f]{2}\/[0-9a-f]{64}\.dcm$/,
    );
    expect(() => files.pathOf('../outside.dcm')).toThrow();
  });
});
