// Debian's Orthanc with its DICOMweb plugin: the facility PACS of the demo, the integration and e2e
// tests, and the reference the imaging benchmarks compare with. Started on loopback only, with a
// configuration written for this run (no DICOM listener, uncompressed storage).
//
// Verified on this machine (Orthanc 1.10.1 + orthanc-dicomweb 1.7, Debian 12), by a manual run and by
// test/facility-systems.int-spec.ts; the portal's client is written against these notes:
// - QIDO-RS `GET {dicomWeb}/studies?PatientID=<id>&includefield=00080050&includefield=00080090
//   &includefield=00081030&includefield=00201208` answers 200 `application/dicom+json`: an array, one
//   object per study, `{ "<tag>": { vr, Value: [...] } }`, holding 0020000D StudyInstanceUID, 00080020
//   StudyDate (DA YYYYMMDD), 00080030 StudyTime, 00080050 AccessionNumber (SH), 00080061
//   ModalitiesInStudy, 00080090 ReferringPhysicianName (PN: `{ Alphabetic: 'Last^First' }`), 00081030
//   StudyDescription (LO), 00081190 RetrieveURL (the study's URL), 00100010 PatientName (PN), 00100020
//   PatientID, 00100030 PatientBirthDate, 00100040 PatientSex, 00200010 StudyID, 00201206 and 00201208
//   (IS, JSON numbers: series and instances in the study), 00080201 when the files carry a time zone.
//   Without includefield everything above but 00081030 StudyDescription is still answered.
//   No match: 200 with `[]`. PatientID matched case-insensitively (`mrn-77` found `MRN-77`) and whole
//   (`MRN-7` found nothing).
// - `GET {dicomWeb}/studies?PatientName=Last^First&PatientBirthDate=YYYYMMDD` finds the same studies.
//   PatientName: case-insensitive, whole value (`Doe` alone finds nothing, `Doe*` finds Doe^Jane).
//   PatientBirthDate: exact, or a range `YYYYMMDD-YYYYMMDD`.
// - `GET {dicomWeb}/studies/{study}/instances` answers one object per instance with 0020000D, 0020000E,
//   00080018, 00080016 (UI), 00080060 Modality, 00200013 InstanceNumber (IS, a number), 00081190
//   RetrieveURL (the instance's WADO-RS URL), plus the patient and study tags. Unknown study: 200 `[]`.
// - WADO-RS `GET {dicomWeb}/studies/{study}/series/{series}/instances/{sop}` answers 200
//   `multipart/related; type="application/dicom"; boundary=<unquoted>`, each part with Content-Type
//   `application/dicom`, Content-Length and MIME-Version headers. Ask with `Accept: multipart/related;
//   type="application/dicom"; transfer-syntax=*` to get the stored Part 10 file byte for byte: without
//   `transfer-syntax=*` (or with no Accept) Orthanc transcodes to Explicit VR Little Endian (a 282 KB
//   JPEG-LS file came back as 2.1 MB). `GET {dicomWeb}/studies/{study}` with the same Accept answers one
//   part per instance. Unknown instance: 404.
// - With basicAuth every route, /system and /dicom-web included, answers 401 without `Authorization: Basic`.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { freePort, startChild, waitUntilAnswering } = require('./local-process.cjs');

const ORTHANC = '/usr/sbin/Orthanc';
const PLUGIN_PLACES = [
  '/usr/share/orthanc/plugins/libOrthancDicomWeb.so',
  '/usr/lib/orthanc/libOrthancDicomWeb.so',
];

/** @returns {string | undefined} the DICOMweb plugin's path (Debian versions the file name in /usr/lib) */
const dicomWebPlugin = () =>
  PLUGIN_PLACES.find((p) => fs.existsSync(p)) ??
  (fs.existsSync('/usr/lib/orthanc')
    ? fs
        .readdirSync('/usr/lib/orthanc')
        .filter((f) => f.startsWith('libOrthancDicomWeb.so'))
        .map((f) => path.join('/usr/lib/orthanc', f))[0]
    : undefined);

/** @returns {{ ok: true } | { ok: false, reason: string }} */
const orthancAvailable = () => {
  if (!fs.existsSync(ORTHANC))
    return { ok: false, reason: `${ORTHANC} is missing (apt-get install orthanc)` };
  if (!dicomWebPlugin())
    return { ok: false, reason: 'the Orthanc DICOMweb plugin is missing (apt-get install orthanc-dicomweb)' };
  return { ok: true };
};

/** @param {string} command @returns {boolean} whether `command` is on the PATH */
const onPath = (command) =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, command)));

/**
 * apt-get install orthanc orthanc-dicomweb, only when one of them is missing; through sudo when not root.
 * Throws an error that says what is missing and why it could not be installed (no spawn ENOENT).
 */
const ensureOrthanc = () => {
  const before = orthancAvailable();
  if (before.ok) return;
  const asRoot = process.getuid?.() === 0;
  if (!onPath('apt-get'))
    throw new Error(`${before.reason}, and there is no apt-get here to install orthanc orthanc-dicomweb`);
  if (!asRoot && !onPath('sudo'))
    throw new Error(
      `${before.reason}, and installing it needs root: run as root, or apt-get install orthanc orthanc-dicomweb first`,
    );
  console.log('  installing orthanc and orthanc-dicomweb with apt-get');
  // Another apt-get (another engineer's, unattended upgrades) may hold the lock: wait for it.
  const options = ['-y', '-qq', '-o', 'DPkg::Lock::Timeout=300'];
  /** @param {string[]} args */
  const aptGet = (args) =>
    asRoot
      ? execFileSync('apt-get', args, {
          stdio: 'inherit',
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        })
      : // sudo resets the environment: the variable goes through env(1).
        execFileSync('sudo', ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args], {
          stdio: 'inherit',
        });
  try {
    aptGet(['update', '-qq']);
    aptGet(['install', ...options, 'orthanc', 'orthanc-dicomweb']);
  } catch (err) {
    throw new Error(
      `${before.reason}; apt-get install orthanc orthanc-dicomweb failed: ${/** @type {Error} */ (err).message.split('\n')[0]}`,
    );
  }
  const after = orthancAvailable();
  if (!after.ok) throw new Error(`still missing after apt-get: ${after.reason}`);
};

/** The Orthanc version line, for printed figures ('Orthanc (not installed)' when it is missing). */
const orthancVersion = () =>
  fs.existsSync(ORTHANC)
    ? execFileSync(ORTHANC, ['--version'], { encoding: 'utf8' }).split('\n')[0]
    : 'Orthanc (not installed)';

/**
 * @typedef {object} RunningOrthanc
 * @property {import('./local-process.cjs').ChildProcessHandle} proc
 * @property {string} url the REST API root
 * @property {string} dicomWeb the DICOMweb root
 * @property {Record<string, string>} headers what every call needs (Basic auth when enabled)
 * @property {() => Promise<void>} close stops it; removes its folder when it was a temporary one
 */

/** Where an Orthanc on `port` answers (its REST API; DICOMweb under /dicom-web). @param {number} port */
const orthancUrl = (port) => `http://127.0.0.1:${port}`;
/** @param {number} port */
const orthancDicomWeb = (port) => `${orthancUrl(port)}/dicom-web`;

/**
 * @param {{ dir?: string, install?: boolean, basicAuth?: { username: string, password: string }, port?: number }} [options]
 *   dir: storage and index live there and persist (else a temporary folder, removed at close)
 * @returns {Promise<RunningOrthanc>}
 */
const startOrthanc = async ({ dir, install = true, basicAuth, port } = {}) => {
  if (install) ensureOrthanc();
  const available = orthancAvailable();
  if (!available.ok) throw new Error(available.reason);
  const temporary = !dir;
  const root = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'facility-orthanc-'));
  fs.mkdirSync(root, { recursive: true });
  const httpPort = port ?? (await freePort());
  const config = {
    Name: 'facility-pacs',
    HttpPort: httpPort,
    // The DICOM listener is off; its port is still free so that it cannot collide with a real one.
    DicomServerEnabled: false,
    DicomPort: await freePort(),
    StorageDirectory: path.join(root, 'storage'),
    IndexDirectory: path.join(root, 'index'),
    // Uncompressed, so WADO-RS answers the stored file byte for byte.
    StorageCompression: false,
    RemoteAccessAllowed: false,
    AuthenticationEnabled: Boolean(basicAuth),
    RegisteredUsers: basicAuth ? { [basicAuth.username]: basicAuth.password } : {},
    // Same footing as the portal, which does not gzip DICOMweb answers.
    HttpCompressionEnabled: false,
    SaveJobs: false,
    Plugins: [dicomWebPlugin()],
    DicomWeb: { Enable: true, Root: '/dicom-web/', EnableWado: false },
  };
  const file = path.join(root, 'orthanc.json');
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  const proc = startChild('orthanc', ORTHANC, [file]);
  const url = orthancUrl(httpPort);
  /** @type {Record<string, string>} */
  const headers = basicAuth
    ? {
        authorization: `Basic ${Buffer.from(`${basicAuth.username}:${basicAuth.password}`).toString('base64')}`,
      }
    : {};
  const close = async () => {
    await proc.stop();
    if (temporary) fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(proc, `${url}/system`, { headers, timeoutMs: 60_000 });
  } catch (err) {
    await close();
    throw err;
  }
  return { proc, url, dicomWeb: orthancDicomWeb(httpPort), headers, close };
};

/**
 * Stores Part 10 files through Orthanc's REST API (4 at a time); storing one again is harmless.
 * @param {Pick<RunningOrthanc, 'url' | 'headers'>} orthanc
 * @param {string[]} files
 * @returns {Promise<string[]>} the StudyInstanceUIDs of the stored studies
 */
const loadIntoOrthanc = async (orthanc, files) => {
  /** @type {Set<string>} Orthanc's own study ids */
  const studies = new Set();
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      const res = await fetch(`${orthanc.url}/instances`, {
        method: 'POST',
        headers: { ...orthanc.headers, 'content-type': 'application/dicom' },
        body: await fs.promises.readFile(file),
      });
      const answer = await res.json().catch(() => ({}));
      if (!res.ok || !answer.ParentStudy)
        throw new Error(
          `Orthanc refused ${path.basename(file)}: HTTP ${res.status} ${JSON.stringify(answer)}`,
        );
      studies.add(answer.ParentStudy);
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, files.length) }, worker));
  const uids = [];
  for (const id of studies) {
    const res = await fetch(`${orthanc.url}/studies/${id}`, { headers: orthanc.headers });
    if (!res.ok) throw new Error(`Orthanc study ${id}: HTTP ${res.status}`);
    uids.push((await res.json()).MainDicomTags.StudyInstanceUID);
  }
  return uids;
};

/**
 * How many instances Orthanc holds of a study (0 when it has none): lets a persistent demo load only
 * what is missing.
 * @param {Pick<RunningOrthanc, 'url' | 'headers'>} orthanc
 * @param {string} studyInstanceUid
 */
const countStudyInstances = async (orthanc, studyInstanceUid) => {
  const res = await fetch(`${orthanc.url}/tools/lookup`, {
    method: 'POST',
    headers: orthanc.headers,
    body: studyInstanceUid,
  });
  const found = /** @type {{ Type: string, ID: string }[]} */ (await res.json());
  const study = found.find((f) => f.Type === 'Study');
  if (!study) return 0;
  const stats = await fetch(`${orthanc.url}/studies/${study.ID}/statistics`, { headers: orthanc.headers });
  return Number((await stats.json()).CountInstances);
};

module.exports = {
  countStudyInstances,
  ensureOrthanc,
  loadIntoOrthanc,
  orthancAvailable,
  orthancDicomWeb,
  orthancVersion,
  startOrthanc,
};
