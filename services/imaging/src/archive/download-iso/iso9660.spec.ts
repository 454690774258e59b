import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { SECTOR, isoImage } from './iso9660';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'iso9660-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A file on disk of `size` bytes whose content tells where each byte is (so a shifted extent shows). */
const onDisk = (name: string, size: number) => {
  const file = path.join(tmp, name);
  const bytes = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 4) bytes.writeUInt32LE(i, i);
  fs.writeFileSync(file, bytes);
  return { file, size, bytes };
};

/** Writes the image and reads it back with genisoimage's isoinfo, a reader that is not ours. */
const written = async (image: ReturnType<typeof isoImage>) => {
  const iso = path.join(tmp, `${Math.random().toString(36).slice(2)}.iso`);
  fs.writeFileSync(iso, await buffer(image.stream()));
  return {
    iso,
    bytes: fs.statSync(iso).size,
    list: (...flags: string[]) =>
      execFileSync('isoinfo', [...flags, '-f', '-i', iso], { encoding: 'utf8' })
        .trim()
        .split('\n'),
    extract: (name: string, ...flags: string[]) =>
      execFileSync('isoinfo', [...flags, '-x', name, '-i', iso], { maxBuffer: 1 << 27 }),
    pvd: (...flags: string[]) => execFileSync('isoinfo', [...flags, '-d', '-i', iso], { encoding: 'utf8' }),
  };
};

describe('the ISO 9660 image with Joliet names', () => {
  const big = onDisk('big', 3 * SECTOR + 100);
  const empty = onDisk('empty', 0);
  const many = Array.from({ length: 120 }, (_, i) => onDisk(`m${i}`, 700 + i));
  const files = [
    { path: 'DICOMDIR', source: Buffer.from('directory') },
    { path: 'README.TXT', source: Buffer.from('read me\r\n') },
    { path: 'DICOM/S0001/I0001', source: big },
    { path: 'DICOM/S0001/I0002', source: empty },
    // 120 entries: the directory's records run past one sector.
    ...many.map((m, i) => ({ path: `DICOM/S0002/I${String(i + 1).padStart(4, '0')}`, source: m })),
  ];

  it('lists every file under its level 1 name in the primary tree and its plain name in the Joliet tree', async () => {
    const r = await written(isoImage(files, 'PAT_JORDAN'));
    const primary = r.list();
    expect(primary).toEqual(
      expect.arrayContaining([
        '/DICOMDIR;1',
        '/README.TXT;1',
        '/DICOM',
        '/DICOM/S0001',
        '/DICOM/S0001/I0001;1',
        '/DICOM/S0001/I0002;1',
        '/DICOM/S0002/I0120;1',
      ]),
    );
    expect(primary.filter((p) => p.startsWith('/DICOM/S0002/'))).toHaveLength(120);
    expect(r.list('-J')).toEqual(
      expect.arrayContaining(['/DICOMDIR;1', '/README.TXT;1', '/DICOM/S0002/I0120;1']),
    );
    expect(r.pvd()).toMatch(/Volume id: PAT_JORDAN/);
    expect(r.pvd()).toMatch(/Logical block size is: 2048/);
    expect(r.pvd('-J')).toMatch(/Joliet with UCS level 3 found/);
  });

  it('gives back each file byte for byte, from both trees, and knows its size before it is written', async () => {
    const image = isoImage(files, 'IMAGES');
    const r = await written(image);
    expect(r.bytes).toBe(image.bytes);
    expect(r.bytes % SECTOR).toBe(0);
    expect(r.extract('/DICOM/S0001/I0001;1').equals(big.bytes)).toBe(true);
    expect(r.extract('/DICOM/S0001/I0001;1', '-J').equals(big.bytes)).toBe(true);
    expect(r.extract('/DICOM/S0001/I0002;1')).toHaveLength(0);
    expect(r.extract('/DICOM/S0002/I0077;1').equals(many[76].bytes)).toBe(true);
    expect(r.extract('/README.TXT;1').toString()).toBe('read me\r\n');
  });

  it('sorts DICOM before DICOMDIR and directories before what is in them, as ECMA-119 orders names', async () => {
    const r = await written(
      isoImage(
        [
          { path: 'DICOMDIR', source: Buffer.from('x') },
          { path: 'DICOM/I0001', source: Buffer.from('y') },
        ],
        'X',
      ),
    );
    expect(r.list()).toEqual(['/DICOM', '/DICOMDIR;1', '/DICOM/I0001;1']);
  });

  it('fails the stream when a file on disk is shorter than the layout it was given, never a silent short image', async () => {
    const short = onDisk('short', 10);
    const image = isoImage([{ path: 'A', source: { file: short.file, size: 5000 } }], 'X');
    await expect(buffer(image.stream())).rejects.toThrow(/changed size/);
  });
});
