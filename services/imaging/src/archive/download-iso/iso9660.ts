import * as fs from 'node:fs';
import { Readable } from 'node:stream';

/**
 * An ISO 9660 disc image with Joliet names (ECMA-119 and the Joliet specification), written as a stream:
 * the layout (every extent) is worked out first from the files' sizes, so the small head (descriptors,
 * path tables, directories) is built in memory and each file is then read from disk straight into the
 * image, never whole. No system tool is needed.
 *
 * The primary tree uses interchange level 1 names as the DICOM media standard wants them (PS3.12:
 * upper-case d-characters, 8 at most, no extension on DICOM files): `DICOMDIR;1`, `DICOM/S0001/I0001;1`;
 * the Joliet tree gives the same files their plain names for desktop systems.
 */

export const SECTOR = 2048;

/** A file on the disc: its path (`/`-separated, level 1 names) and where its bytes come from. */
export interface DiscFile {
  path: string;
  /** Bytes held in memory (DICOMDIR, README) or a file on disk, read when the image reaches it. */
  source: Buffer | { file: string; size: number };
}

interface Dir {
  name: string;
  parent: Dir | null;
  dirs: Dir[];
  files: Array<{ name: string; size: number; source: DiscFile['source']; sector: number }>;
  /** Its number in the path table (1 = root). */
  number: number;
  /** Where its directory records start, and their length, in each tree. */
  at: { primary: number; joliet: number };
  size: { primary: number; joliet: number };
}

type Tree = 'primary' | 'joliet';

const sizeOf = (source: DiscFile['source']) => (Buffer.isBuffer(source) ? source.length : source.size);
const sectors = (bytes: number) => Math.ceil(bytes / SECTOR);

const both16 = (b: Buffer, at: number, v: number) => {
  b.writeUInt16LE(v, at);
  b.writeUInt16BE(v, at + 2);
};
const both32 = (b: Buffer, at: number, v: number) => {
  b.writeUInt32LE(v, at);
  b.writeUInt32BE(v, at + 4);
};

/** A name as a tree records it: level 1 bytes with a version for files, UCS-2 big endian in Joliet. */
const identifier = (tree: Tree, name: string, file: boolean): Buffer => {
  const text = file ? `${name};1` : name;
  return tree === 'joliet' ? Buffer.from(text, 'utf16le').swap16() : Buffer.from(text, 'latin1');
};

/** Seven-byte recording time (ECMA-119 9.1.5), in UTC. */
const recordingTime = (d: Date): Buffer =>
  Buffer.from([
    d.getUTCFullYear() - 1900,
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    0,
  ]);

/** Seventeen-byte volume time (ECMA-119 8.4.26.1): digits, then the offset from UTC. */
const volumeTime = (d: Date | null): Buffer => {
  const digits = d ? d.toISOString().replace(/\D/g, '').slice(0, 16) : '0000000000000000';
  return Buffer.concat([Buffer.from(digits, 'latin1'), Buffer.from([0])]);
};

const directoryRecord = (id: Buffer, sector: number, length: number, isDir: boolean, time: Date): Buffer => {
  const size = 33 + id.length + (id.length % 2 === 0 ? 1 : 0);
  const r = Buffer.alloc(size);
  r[0] = size;
  both32(r, 2, sector);
  both32(r, 10, length);
  recordingTime(time).copy(r, 18);
  r[25] = isDir ? 2 : 0;
  both16(r, 28, 1);
  r[32] = id.length;
  id.copy(r, 33);
  return r;
};

/** Directory records never cross a sector: one that would starts the next sector (ECMA-119 6.8.1.1). */
const packRecords = (records: Buffer[]): Buffer => {
  const parts: Buffer[] = [];
  let used = 0;
  for (const r of records) {
    const room = SECTOR - (used % SECTOR);
    if (r.length > room) {
      parts.push(Buffer.alloc(room));
      used += room;
    }
    parts.push(r);
    used += r.length;
  }
  const packed = Buffer.concat(parts);
  return Buffer.concat([packed, Buffer.alloc(sectors(packed.length) * SECTOR - packed.length)]);
};

/** Directory records of a directory, `.` and `..` first, then its entries in name order (ECMA-119 9.3). */
const recordsOf = (tree: Tree, dir: Dir, time: Date): Buffer[] => {
  const self = directoryRecord(Buffer.from([0]), dir.at[tree], dir.size[tree], true, time);
  const up = dir.parent ?? dir;
  const parent = directoryRecord(Buffer.from([1]), up.at[tree], up.size[tree], true, time);
  const entries = [
    ...dir.dirs.map((d) => ({
      name: d.name,
      rec: () => directoryRecord(identifier(tree, d.name, false), d.at[tree], d.size[tree], true, time),
    })),
    ...dir.files.map((f) => ({
      name: f.name,
      rec: () => directoryRecord(identifier(tree, f.name, true), f.sector, f.size, false, time),
    })),
  ].sort((a, b) => compareNames(a.name, b.name));
  return [self, parent, ...entries.map((e) => e.rec())];
};

/** ECMA-119 9.3 order: names compared with the shorter padded by spaces, so `DICOM` sorts before `DICOMDIR`. */
const compareNames = (a: string, b: string): number => {
  const n = Math.max(a.length, b.length);
  const pa = a.padEnd(n, ' ');
  const pb = b.padEnd(n, ' ');
  return pa < pb ? -1 : pa > pb ? 1 : 0;
};

/** Every directory, parents before children and siblings in name order: the path table's order. */
const pathTableOrder = (root: Dir): Dir[] => {
  const out: Dir[] = [root];
  for (let i = 0; i < out.length; i++)
    out.push(...[...out[i].dirs].sort((a, b) => compareNames(a.name, b.name)));
  return out;
};

const pathTable = (tree: Tree, dirs: Dir[], bigEndian: boolean): Buffer =>
  Buffer.concat(
    dirs.map((d) => {
      const id = d.parent ? identifier(tree, d.name, false) : Buffer.from([0]);
      const r = Buffer.alloc(8 + id.length + (id.length % 2));
      r[0] = id.length;
      if (bigEndian) {
        r.writeUInt32BE(d.at[tree], 2);
        r.writeUInt16BE(d.parent?.number ?? 1, 6);
      } else {
        r.writeUInt32LE(d.at[tree], 2);
        r.writeUInt16LE(d.parent?.number ?? 1, 6);
      }
      id.copy(r, 8);
      return r;
    }),
  );

/** A text field of a descriptor: a-characters padded with spaces, or UCS-2 big endian padded with UCS-2 spaces. */
const textField = (tree: Tree, text: string, bytes: number): Buffer => {
  if (tree === 'primary') return Buffer.from(text.slice(0, bytes).padEnd(bytes, ' '), 'latin1');
  return Buffer.from(text.slice(0, bytes / 2).padEnd(bytes / 2, ' '), 'utf16le').swap16();
};

interface Layout {
  volume: string;
  application: string;
  time: Date;
  totalSectors: number;
  root: Dir;
  order: Dir[];
  tables: Record<Tree, { l: number; m: number; size: number }>;
}

const volumeDescriptor = (tree: Tree, l: Layout): Buffer => {
  const d = Buffer.alloc(SECTOR);
  d[0] = tree === 'primary' ? 1 : 2;
  d.write('CD001', 1, 'latin1');
  d[6] = 1;
  textField(tree, '', 32).copy(d, 8);
  textField(tree, tree === 'primary' ? l.volume : l.volume.slice(0, 16), 32).copy(d, 40);
  both32(d, 80, l.totalSectors);
  // Joliet level 3 (UCS-2, every character): escape sequence %/E.
  if (tree === 'joliet') d.write('%/E', 88, 'latin1');
  both16(d, 120, 1);
  both16(d, 124, 1);
  both16(d, 128, SECTOR);
  both32(d, 132, l.tables[tree].size);
  d.writeUInt32LE(l.tables[tree].l, 140);
  d.writeUInt32BE(l.tables[tree].m, 148);
  directoryRecord(Buffer.from([0]), l.root.at[tree], l.root.size[tree], true, l.time).copy(d, 156);
  for (const [at, bytes, text] of [
    [190, 128, l.volume],
    [318, 128, ''],
    [446, 128, ''],
    [574, 128, l.application],
    [702, 37, ''],
    [739, 37, ''],
    [776, 37, ''],
  ] as const)
    textField(tree, text, bytes).copy(d, at);
  volumeTime(l.time).copy(d, 813);
  volumeTime(l.time).copy(d, 830);
  volumeTime(null).copy(d, 847);
  volumeTime(l.time).copy(d, 864);
  d[881] = 1;
  return d;
};

const terminator = (): Buffer => {
  const d = Buffer.alloc(SECTOR);
  d[0] = 255;
  d.write('CD001', 1, 'latin1');
  d[6] = 1;
  return d;
};

/** The directory tree of the files' paths. */
const treeOf = (files: DiscFile[]): Dir => {
  const dir = (name: string, parent: Dir | null): Dir => ({
    name,
    parent,
    dirs: [],
    files: [],
    number: 0,
    at: { primary: 0, joliet: 0 },
    size: { primary: 0, joliet: 0 },
  });
  const root = dir('', null);
  for (const f of files) {
    const parts = f.path.split('/');
    const name = parts.pop()!;
    let at = root;
    for (const p of parts) {
      let next = at.dirs.find((d) => d.name === p);
      if (!next) at.dirs.push((next = dir(p, at)));
      at = next;
    }
    at.files.push({ name, size: sizeOf(f.source), source: f.source, sector: 0 });
  }
  return root;
};

/**
 * Lays the image out: system area (16 sectors), the primary and Joliet descriptors and the terminator,
 * the four path tables, the directories of both trees, then the files in path-table order.
 */
const layOut = (
  files: DiscFile[],
  volume: string,
  application: string,
  time: Date,
): Layout & { head: number; files: Dir['files'] } => {
  const root = treeOf(files);
  const order = pathTableOrder(root);
  order.forEach((d, i) => (d.number = i + 1));
  let next = 16 + 3;
  const tables = {} as Layout['tables'];
  for (const tree of ['primary', 'joliet'] as const) {
    const size = pathTable(tree, order, false).length;
    tables[tree] = { l: next, m: next + sectors(size), size };
    next += 2 * sectors(size);
  }
  // A directory's size depends only on its records' lengths, not on their extents: sizes first.
  for (const tree of ['primary', 'joliet'] as const)
    for (const d of order) {
      d.size[tree] = packRecords(recordsOf(tree, d, time)).length;
      d.at[tree] = next;
      next += sectors(d.size[tree]);
    }
  const placed = order.flatMap((d) => [...d.files].sort((a, b) => compareNames(a.name, b.name)));
  const head = next;
  for (const f of placed) {
    f.sector = next;
    next += sectors(f.size);
  }
  return { volume, application, time, totalSectors: next, root, order, tables, head, files: placed };
};

/** The bytes before the first file: descriptors, path tables and directories. */
const headOf = (l: Layout & { head: number }): Buffer => {
  const out = Buffer.alloc(l.head * SECTOR);
  volumeDescriptor('primary', l).copy(out, 16 * SECTOR);
  volumeDescriptor('joliet', l).copy(out, 17 * SECTOR);
  terminator().copy(out, 18 * SECTOR);
  for (const tree of ['primary', 'joliet'] as const) {
    pathTable(tree, l.order, false).copy(out, l.tables[tree].l * SECTOR);
    pathTable(tree, l.order, true).copy(out, l.tables[tree].m * SECTOR);
    for (const d of l.order) packRecords(recordsOf(tree, d, l.time)).copy(out, d.at[tree] * SECTOR);
  }
  return out;
};

/** How much of a file is read at once: large reads keep the stream at disk speed. */
const READ_CHUNK = 1024 * 1024;

/** One file's bytes as they go on the disc, padded to its last sector; a file that changed size fails the image. */
async function* fileBytes(f: Dir['files'][number]): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(f.source)) yield f.source;
  else if (f.size > 0) {
    let read = 0;
    for await (const chunk of fs.createReadStream(f.source.file, {
      highWaterMark: READ_CHUNK,
      end: f.size - 1,
    }) as AsyncIterable<Buffer>) {
      read += chunk.length;
      yield chunk;
    }
    if (read !== f.size)
      throw new Error(`a file of the disc changed size while it was written (${read} of ${f.size} bytes)`);
  }
  const tail = (SECTOR - (f.size % SECTOR)) % SECTOR;
  if (tail) yield Buffer.alloc(tail);
}

export interface IsoImage {
  /** The image's exact size in bytes (a Content-Length). */
  bytes: number;
  stream(): Readable;
}

/**
 * The disc image of `files` with the volume label `volume` (d-characters, at most 32): its size, known
 * before a byte is written, and a stream of its bytes.
 */
export const isoImage = (
  files: DiscFile[],
  volume: string,
  application = 'PATIENT PORTAL',
  time = new Date(),
): IsoImage => {
  const layout = layOut(files, volume, application, time);
  return {
    bytes: layout.totalSectors * SECTOR,
    stream: () =>
      Readable.from(
        (async function* () {
          yield headOf(layout);
          for (const f of layout.files) yield* fileBytes(f);
        })(),
        { objectMode: false, highWaterMark: READ_CHUNK },
      ),
  };
};
