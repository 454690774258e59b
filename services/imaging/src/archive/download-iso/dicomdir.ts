import { randomUUID } from 'node:crypto';
import {
  type Element,
  encodeElement,
  encodeElements,
  part10Prefix,
  uidFor,
} from '../../instances/part10-writer';

/** Media Storage Directory Storage (PS3.4 Annex I): the SOP class of a DICOMDIR. */
export const MEDIA_STORAGE_DIRECTORY = '1.2.840.10008.1.3.10';
const IMPLEMENTATION_CLASS_UID = uidFor('patient-portal:dicomdir-writer');
const ITEM = 0xfffee000;

/** What the DICOMDIR says of one file on the disc: where it is and the keys of its patient, study, series and image. */
export interface DirectoryFile {
  /** The file's path on the disc, `/`-separated (DICOM/S0001/I0001). */
  path: string;
  patientId: string;
  patientName: string;
  studyUid: string;
  /** DA (YYYYMMDD) and TM, '' when unknown. */
  studyDate: string;
  studyTime: string;
  studyDescription: string;
  studyId: string;
  accessionNumber: string;
  seriesUid: string;
  modality: string;
  seriesNumber: number | null;
  sopClassUid: string;
  sopUid: string;
  transferSyntax: string;
  instanceNumber: number | null;
}

/** A directory record: its type, its own keys, and the records one level down. */
interface DirRecord {
  type: 'PATIENT' | 'STUDY' | 'SERIES' | 'IMAGE';
  keys: Element[];
  children: DirRecord[];
  /** Where its item starts, from the first byte of the file (PS3.3 F.3.2.2). */
  offset: number;
}

/**
 * Longest value of each VR a record holds (PS3.5 table 6.2-1): the keys come from uploaded files, whose
 * values may be anything, and an overlong one would make the DICOMDIR invalid (or not encodable at all).
 * The bound is per value of a multi-valued one (a Referenced File ID's components).
 */
const MAX_CHARS: Record<string, number> = { PN: 64, LO: 64, SH: 16, CS: 16, DA: 8, TM: 16, IS: 12, UI: 64 };
const cut = (value: string, max: number) => [...value].slice(0, max).join('');
const text = (tag: number, vr: string, value: string): Element => ({
  tag,
  vr,
  value: value
    .split('\\')
    .map((v) => cut(v, MAX_CHARS[vr] ?? v.length))
    .join('\\'),
});
const number = (tag: number, value: number | null): Element => ({
  tag,
  vr: 'IS',
  value: value === null ? '' : String(value),
});

/** The keys a record type takes (PS3.3 F.5): type 1 ones get a value even when the file has none. */
const keysOf = {
  PATIENT: (f: DirectoryFile) => [
    text(0x00100010, 'PN', f.patientName),
    text(0x00100020, 'LO', f.patientId || 'UNKNOWN'),
  ],
  STUDY: (f: DirectoryFile) => [
    text(0x00080020, 'DA', f.studyDate),
    text(0x00080030, 'TM', f.studyTime),
    text(0x00080050, 'SH', f.accessionNumber),
    text(0x00081030, 'LO', f.studyDescription),
    text(0x0020000d, 'UI', f.studyUid),
    text(0x00200010, 'SH', f.studyId),
  ],
  SERIES: (f: DirectoryFile) => [
    text(0x00080060, 'CS', f.modality || 'OT'),
    text(0x0020000e, 'UI', f.seriesUid),
    number(0x00200011, f.seriesNumber),
  ],
  IMAGE: (f: DirectoryFile) => [
    text(0x00041500, 'CS', f.path.split('/').join('\\')),
    text(0x00041510, 'UI', f.sopClassUid),
    text(0x00041511, 'UI', f.sopUid),
    text(0x00041512, 'UI', f.transferSyntax),
    number(0x00200013, f.instanceNumber),
  ],
};

/** The patient → study → series → image tree of the files, in the files' order. */
const recordTree = (files: DirectoryFile[]): DirRecord[] => {
  const roots: DirRecord[] = [];
  const index = new Map<string, DirRecord>();
  const under = (list: DirRecord[], key: string, type: DirRecord['type'], f: DirectoryFile): DirRecord => {
    let r = index.get(key);
    if (!r) {
      r = { type, keys: keysOf[type](f), children: [], offset: 0 };
      index.set(key, r);
      list.push(r);
    }
    return r;
  };
  for (const f of files) {
    const patient = under(roots, `P|${f.patientId}|${f.patientName}`, 'PATIENT', f);
    const study = under(patient.children, `S|${f.studyUid}`, 'STUDY', f);
    const series = under(study.children, `R|${f.studyUid}|${f.seriesUid}`, 'SERIES', f);
    series.children.push({ type: 'IMAGE', keys: keysOf.IMAGE(f), children: [], offset: 0 });
  }
  return roots;
};

/** Depth first, as a reader walks it: each record, then its children. */
const flatten = (records: DirRecord[]): Array<{ record: DirRecord; next: DirRecord | undefined }> =>
  records.flatMap((record, i) => [{ record, next: records[i + 1] }, ...flatten(record.children)]);

/** A record's item; offsets are 4-byte ULs, so its length is the same before they are known. */
const item = (record: DirRecord, next: DirRecord | undefined): Buffer => {
  const nonAscii = record.keys.some((k) => typeof k.value === 'string' && /[^\x20-\x7e]/.test(k.value));
  const content = encodeElements([
    { tag: 0x00041400, vr: 'UL', value: next?.offset ?? 0 },
    { tag: 0x00041410, vr: 'US', value: 0xffff },
    { tag: 0x00041420, vr: 'UL', value: record.children[0]?.offset ?? 0 },
    { tag: 0x00041430, vr: 'CS', value: record.type },
    ...(nonAscii ? [{ tag: 0x00080005, vr: 'CS', value: 'ISO_IR 192' }] : []),
    ...record.keys,
  ]);
  const head = Buffer.alloc(8);
  head.writeUInt16LE(ITEM >>> 16, 0);
  head.writeUInt16LE(ITEM & 0xffff, 2);
  head.writeUInt32LE(content.length, 4);
  return Buffer.concat([head, content]);
};

/**
 * The DICOMDIR of a disc (PS3.10 and PS3.3 Annex F): a Part 10 file in explicit VR little endian whose
 * directory record sequence lists a PATIENT, STUDY, SERIES and IMAGE record per level, each pointing to
 * its next sibling and its first child by byte offset. The records are written once to learn where each
 * starts, then again with those offsets.
 */
export const dicomDir = (files: DirectoryFile[], fileSetId = ''): Buffer => {
  const roots = recordTree(files);
  const order = flatten(roots);
  const prefix = part10Prefix(
    MEDIA_STORAGE_DIRECTORY,
    `2.25.${BigInt(`0x${randomUUID().replace(/-/g, '')}`)}`,
    IMPLEMENTATION_CLASS_UID,
  );
  const header = (first: number, last: number) =>
    encodeElements([
      { tag: 0x00041130, vr: 'CS', value: fileSetId },
      { tag: 0x00041200, vr: 'UL', value: first },
      { tag: 0x00041202, vr: 'UL', value: last },
      { tag: 0x00041212, vr: 'US', value: 0 },
    ]);
  // The sequence element's own header: tag, VR, two reserved bytes, a 32-bit length.
  let at = prefix.length + header(0, 0).length + 12;
  for (const { record, next } of order) {
    record.offset = at;
    at += item(record, next).length;
  }
  const items = Buffer.concat(order.map(({ record, next }) => item(record, next)));
  const sequence = encodeElement({ tag: 0x00041220, vr: 'SQ', value: items });
  return Buffer.concat([prefix, header(roots[0]?.offset ?? 0, roots.at(-1)?.offset ?? 0), sequence]);
};
