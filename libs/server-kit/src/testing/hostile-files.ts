import * as dicomParser from 'dicom-parser';
import { zipSync } from 'fflate';

/**
 * Files an attacker would upload, made from real ones, for the abuse tests beside every ingest path
 * (upload, delivery, STOW-RS) and the benchmarks that time how the portal copes.
 */

/**
 * The DICOM file with one element's value replaced (a UID that names a path, say), its length field
 * rewritten: explicit VR short form (2 bytes before the value) or implicit VR (4 bytes).
 */
export const withUid = (bytes: Buffer, tag: string, value: string): Buffer => {
  const ds = dicomParser.parseDicom(bytes, { untilTag: 'x7fe00010' });
  const el = ds.elements[tag];
  if (!el) throw new Error(`no ${tag} in the file`);
  const padded = Buffer.from(value.length % 2 ? `${value}\0` : value, 'latin1');
  const lengthBytes = el.vr ? 2 : 4;
  const length = Buffer.alloc(lengthBytes);
  if (lengthBytes === 2) length.writeUInt16LE(padded.length);
  else length.writeUInt32LE(padded.length);
  return Buffer.concat([
    bytes.subarray(0, el.dataOffset - lengthBytes),
    length,
    padded,
    bytes.subarray(el.dataOffset + el.length),
  ]);
};

/** A Part 10 preamble and magic followed by zeros: what the ingest buffers as a DICOM entry. */
const part10Prefixed = (size: number): Uint8Array => {
  const bytes = new Uint8Array(size);
  bytes.set(Buffer.from('DICM', 'latin1'), 128);
  return bytes;
};

/**
 * A zip whose one entry (IMG1.dcm) really inflates to `real` bytes while its local and central headers
 * say `claimed`: the archive a size check that trusts headers lets through.
 */
export const lyingZip = ({
  claimed,
  real,
  name = 'IMG1.dcm',
}: {
  claimed: number;
  real: number;
  name?: string;
}): Buffer => {
  const zip = Buffer.from(zipSync({ [name]: part10Prefixed(real) }, { level: 9 }));
  const local = zip.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  zip.writeUInt32LE(claimed, local + 22);
  zip.writeUInt32LE(claimed, central + 24);
  return zip;
};
