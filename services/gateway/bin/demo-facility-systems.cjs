// The demo's facility systems for the Smart FHIR page (issue 28): Lakeside Radiology's EHR (a FHIR R4
// server with SMART Backend Services and its own DICOMweb, served in this process) and St. Mary Imaging
// Center's PACS (Debian's Orthanc with its DICOMweb plugin, when installed), each holding studies of
// the demo patients, and the SMART_FHIR_SOURCES that point the portal at them. Skipped when the
// deployment names its own sources, or without demo data.
'use strict';
const path = require('node:path');

/** The demo patients the facility systems know (as DEMO_USERS in @portal/server-kit), with the MRN each facility gave them. */
const PATIENTS = [
  { key: 'patient', mrn: 'LR-100231', firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12' },
  { key: 'fhir', mrn: 'LR-100877', firstName: 'Fran', lastName: 'Hughes', dateOfBirth: '1988-02-14' },
];
const CLIENT_ID = 'patient-portal';
/** Where nothing listens: St. Mary's PACS when Orthanc is not installed, so its row says it could not be reached. */
const UNREACHABLE = 'http://127.0.0.1:1/dicom-web';

/**
 * Starts the demo facility systems and sets SMART_FHIR_SOURCES in `env`; resolves with a close().
 * `custodianId(key)` is the requests context's demo custodian id.
 */
const startDemoFacilitySystems = async (env, custodianId) => {
  if (env.SMART_FHIR_SOURCES || env.SEED_DEMO === 'false' || env.DEMO_FACILITY_SYSTEMS === 'false')
    return { close: async () => undefined };
  const systems = require('@portal/facility-systems');
  const key = await systems.generateClientKeyPair();
  const dataDir = path.join(
    env.PORTAL_DATA_DIR || path.resolve(__dirname, '..', '..', '..', '.data'),
    'facility-systems',
  );
  const started = await systems.startDemoFacilitySystems({
    dataDir,
    clientId: CLIENT_ID,
    clientPublicJwk: key.publicJwk,
    patients: PATIENTS,
    startOrthanc: env.DEMO_ORTHANC !== 'false',
  });
  const pacs = 'dicomWeb' in started.orthanc ? started.orthanc.dicomWeb : UNREACHABLE;
  if (!('dicomWeb' in started.orthanc))
    console.log(
      `St. Mary's demo PACS is unavailable (${started.orthanc.unavailable}): apt-get install orthanc orthanc-dicomweb`,
    );
  env.SMART_FHIR_SOURCES = JSON.stringify([
    {
      id: 'lakeside-ehr',
      custodianId: custodianId('lakeside'),
      facilityName: 'Lakeside Radiology',
      kind: 'fhir',
      baseUrl: started.fhir.baseUrl,
      auth: { type: 'smart-backend', clientId: CLIENT_ID, privateKeyJwk: key.privateJwk },
    },
    {
      id: 'st-mary-pacs',
      custodianId: custodianId('st-mary'),
      facilityName: 'St. Mary Imaging Center',
      kind: 'dicomweb',
      baseUrl: pacs,
    },
  ]);
  return started;
};

module.exports = { DEMO_FACILITY_PATIENTS: PATIENTS, startDemoFacilitySystems };
