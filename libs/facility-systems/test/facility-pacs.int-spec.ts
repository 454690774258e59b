import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  generateClientKeyPair,
  loadIntoOrthanc,
  planDemoFacilitySystems,
  prepareDicomStudy,
  startDemoFacilitySystems,
  startOrthanc,
} from '../index.cjs';
import { CLIENT_ID, fhirGet, instanceUrl, JANE, multipartParts, SAMPLES, smartClient } from './helpers';

// Debian's Orthanc as the facility PACS, and the demo facility systems of `npm start`, for real: Orthanc
// is installed with apt-get when missing, started on loopback, and stopped after each test.
describe('facility PACS and demo', () => {
  let dir: string;
  let keys: Awaited<ReturnType<typeof generateClientKeyPair>>;
  let client: ReturnType<typeof smartClient>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facility-pacs-'));
    keys = await generateClientKeyPair();
    client = smartClient(keys.privateJwk);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('Orthanc stores a prepared study; QIDO-RS finds it by PatientID with its accession number, WADO-RS answers it', async () => {
    const ct = await prepareDicomStudy({
      files: [path.join(SAMPLES, 'jpeg_lossless_sel1.dcm')],
      outDir: path.join(dir, 'ct'),
      seed: 'jane:ct',
      patient: { ...JANE, id: JANE.mrn },
      accessionNumber: 'ACC-2002',
      description: 'CT CHEST W/O CONTRAST',
      referringPhysician: 'Carter^Joan',
    });
    const orthanc = await startOrthanc({ basicAuth: { username: 'portal', password: randomUUID() } });
    const qido = async (query: string) =>
      (await (await fetch(`${orthanc.dicomWeb}/${query}`, { headers: orthanc.headers })).json()) as any[];
    try {
      expect(await loadIntoOrthanc(orthanc, ct.files)).toEqual([ct.studyInstanceUid]);
      expect((await fetch(`${orthanc.dicomWeb}/studies?PatientID=${JANE.mrn}`)).status).toBe(401);
      const fields = ['00080050', '00080090', '00081030', '00201208']
        .map((f) => `includefield=${f}`)
        .join('&');
      expect(await qido(`studies?PatientID=${JANE.mrn}&${fields}`)).toEqual([
        expect.objectContaining({
          '0020000D': { vr: 'UI', Value: [ct.studyInstanceUid] },
          '00080050': { vr: 'SH', Value: ['ACC-2002'] },
          '00080090': { vr: 'PN', Value: [{ Alphabetic: 'Carter^Joan' }] },
          '00081030': { vr: 'LO', Value: ['CT CHEST W/O CONTRAST'] },
          '00201208': { vr: 'IS', Value: [1] },
        }),
      ]);
      const byName = await qido('studies?PatientName=Doe^Jane&PatientBirthDate=19800203');
      expect(byName.map((s) => s['0020000D'].Value[0])).toEqual([ct.studyInstanceUid]);

      const [instance] = await qido(`studies/${ct.studyInstanceUid}/instances`);
      const wado = await fetch(instanceUrl(orthanc.dicomWeb, instance), {
        // Without transfer-syntax=* Orthanc transcodes to Explicit VR Little Endian.
        headers: {
          ...orthanc.headers,
          accept: 'multipart/related; type="application/dicom"; transfer-syntax=*',
        },
      });
      expect((await multipartParts(wado))[0].equals(fs.readFileSync(ct.files[0]))).toBe(true);
    } finally {
      await orthanc.close();
    }
  });

  it('runs the demo: three studies per patient in the EHR (one without images), two others in Orthanc, kept across restarts', async () => {
    const options = {
      dataDir: path.join(dir, 'demo'),
      clientId: CLIENT_ID,
      clientPublicJwk: keys.publicJwk,
      patients: [{ key: 'patient@example.com', ...JANE }],
      startOrthanc: true,
    };
    for (let run = 1; run <= 2; run++) {
      // The second run as `npm start` does it: the addresses first, the systems started there after.
      const plan = run === 2 ? await planDemoFacilitySystems(options) : undefined;
      const demo = plan ? await plan.start() : await startDemoFacilitySystems(options);
      try {
        if (plan)
          expect([demo.fhir.baseUrl, demo.orthanc]).toEqual([plan.fhir.baseUrl, { dicomWeb: plan.pacs }]);
        const token = await client.token(demo.fhir.tokenUrl);
        const patients = await fhirGet(
          `${demo.fhir.baseUrl}/Patient?identifier=urn:facility:mrn|${JANE.mrn}`,
          token,
        );
        const studies = await fhirGet(
          `${demo.fhir.baseUrl}/ImagingStudy?patient=${patients.body.entry[0].resource.id}`,
          token,
        );
        expect(
          studies.body.entry.map((e: any) => [e.resource.description, !!e.resource.endpoint]).sort(),
        ).toEqual([
          ['CT CHEST W/O CONTRAST', true],
          ['MR BRAIN W/O CONTRAST', true],
          // Listed without an image endpoint: a portal can only ask the facility for it.
          ['XA CORONARY ANGIOGRAM', false],
        ]);
        expect(demo.orthanc).toEqual({ dicomWeb: expect.any(String) });
        const { dicomWeb } = demo.orthanc as { dicomWeb: string };
        const pacs = (await (
          await fetch(`${dicomWeb}/studies?PatientID=${JANE.mrn}&includefield=00081030`)
        ).json()) as any[];
        expect(pacs.map((s) => s['00081030'].Value[0]).sort()).toEqual([
          'CT HEAD W/O CONTRAST',
          'MR SHOULDER W/O CONTRAST',
        ]);
      } finally {
        await demo.close();
      }
    }
  });
});
