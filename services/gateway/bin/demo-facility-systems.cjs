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
 * Sets SMART_FHIR_SOURCES in `env` to where the demo facility systems will answer, and starts them
 * beside the portal rather than before it (they take some 1.5 s, the portal's start far more); resolves
 * with a close() once the addresses are known. A system that does not come up is said on the console,
 * and the Smart FHIR page shows it as not reached. `custodianId(key)` is the requests context's demo
 * custodian id.
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
  const plan = await systems.planDemoFacilitySystems({
    dataDir,
    clientId: CLIENT_ID,
    clientPublicJwk: key.publicJwk,
    patients: PATIENTS,
    startOrthanc: env.DEMO_ORTHANC !== 'false',
  });
  env.SMART_FHIR_SOURCES = JSON.stringify([
    {
      id: 'lakeside-ehr',
      custodianId: custodianId('lakeside'),
      facilityName: 'Lakeside Radiology',
      kind: 'fhir',
      baseUrl: plan.fhir.baseUrl,
      auth: { type: 'smart-backend', clientId: CLIENT_ID, privateKeyJwk: key.privateJwk },
    },
    {
      id: 'st-mary-pacs',
      custodianId: custodianId('st-mary'),
      facilityName: 'St. Mary Imaging Center',
      kind: 'dicomweb',
      baseUrl: plan.pacs ?? UNREACHABLE,
    },
  ]);
  const started = plan.start().then(
    (s) => {
      if (!('dicomWeb' in s.orthanc))
        console.log(
          `St. Mary's demo PACS is unavailable (${s.orthanc.unavailable}): apt-get install orthanc orthanc-dicomweb`,
        );
      return s;
    },
    (err) => {
      console.error(`The demo facility systems did not start: ${err.message}`);
      return { close: async () => undefined };
    },
  );
  return { close: async () => (await started).close() };
};

module.exports = { DEMO_FACILITY_PATIENTS: PATIENTS, startDemoFacilitySystems };
