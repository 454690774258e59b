import { createHash } from 'node:crypto';

/**
 * A minimal DICOM Part 10 writer in explicit VR little endian: enough for the generated demo series
 * (much faster than building a dcmjs dataset for 300 images of half a megabyte each) and the DICOMDIR
 * of a disc image.
 */

export const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';

/** A UID under the 2.25 root (PS3.5 B.2): a 128-bit number from a hash of `name`, the same every time. */
export const uidFor = (name: string): string =>
  `2.25.${BigInt(`0x${createHash('sha256').update(name).digest('hex').slice(0, 32)}`).toString()}`;

/** One data element: tag as 0xGGGGEEEE, its VR, and a value (strings joined with '\', or raw bytes). */
export interface Element {
  tag: number;
  vr: string;
  value: string | number | Buffer;
}

/** VRs whose explicit-VR header has two reserved bytes and a 32-bit length (PS3.5 7.1.2). */
const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'UC', 'UN', 'UR', 'UT']);

const valueBytes = ({ vr, value }: Element): Buffer => {
  if (Buffer.isBuffer(value)) return value;
  if (vr === 'US') {
    const b = Buffer.alloc(2);
    b.writeUInt16LE(Number(value));
    return b;
  }
  if (vr === 'UL') {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(Number(value));
    return b;
  }
  // UTF-8: plain ASCII is the same bytes; a dataset with other characters names ISO_IR 192 (0008,0005).
  const text = Buffer.from(String(value), 'utf8');
  // Values have even length: UIDs are padded with NUL, other strings with a space (PS3.5 6.2).
  return text.length % 2 ? Buffer.concat([text, Buffer.from(vr === 'UI' ? '\0' : ' ', 'latin1')]) : text;
};

export const encodeElement = (el: Element): Buffer => {
  const value = valueBytes(el);
  const long = LONG_VRS.has(el.vr);
  const head = Buffer.alloc(long ? 12 : 8);
  head.writeUInt16LE(el.tag >>> 16, 0);
  head.writeUInt16LE(el.tag & 0xffff, 2);
  head.write(el.vr, 4, 'latin1');
  if (long) head.writeUInt32LE(value.length, 8);
  else {
    if (value.length > 0xffff) throw new Error(`value of (${el.tag.toString(16)}) too long for ${el.vr}`);
    head.writeUInt16LE(value.length, 6);
  }
  return Buffer.concat([head, value]);
};

/** Elements in tag order, as a dataset (or a sequence item's content) must have them. */
export const encodeElements = (elements: Element[]): Buffer =>
  Buffer.concat([...elements].sort((a, b) => a.tag - b.tag).map(encodeElement));

/** The 128-byte preamble, 'DICM' and the file meta group (with its group length) of a Part 10 file. */
export const part10Prefix = (
  sopClassUid: string,
  sopInstanceUid: string,
  implementationClassUid: string,
): Buffer => {
  const meta = encodeElements([
    { tag: 0x00020001, vr: 'OB', value: Buffer.from([0, 1]) },
    { tag: 0x00020002, vr: 'UI', value: sopClassUid },
    { tag: 0x00020003, vr: 'UI', value: sopInstanceUid },
    { tag: 0x00020010, vr: 'UI', value: EXPLICIT_VR_LITTLE_ENDIAN },
    { tag: 0x00020012, vr: 'UI', value: implementationClassUid },
  ]);
  return Buffer.concat([
    Buffer.alloc(128),
    Buffer.from('DICM', 'latin1'),
    encodeElement({ tag: 0x00020000, vr: 'UL', value: meta.length }),
    meta,
  ]);
};

/** A Part 10 file of a dataset: the prefix made from the dataset's SOP class and instance, then the dataset. */
export const writePart10 = (dataset: Element[], implementationClassUid: string): Buffer => {
  const of = (tag: number) => {
    const el = dataset.find((e) => e.tag === tag);
    if (!el) throw new Error(`dataset lacks (${tag.toString(16)})`);
    return String(el.value);
  };
  return Buffer.concat([
    part10Prefix(of(0x00080016), of(0x00080018), implementationClassUid),
    encodeElements(dataset),
  ]);
};
