import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import S3rver from 's3rver';
import type { UploadForm } from '../src/blob/blob-store';
import { blobStoreBehaviour, PNG } from '../src/blob/blob-store.behaviour';
import { S3BlobStore } from '../src/blob/s3-blob-store';
import { freePort } from '../src/testing';

const BUCKET = 'portal-test';
// s3rver's built-in account; it checks request signatures made with it.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Posts the form as a browser does: its inputs as fields, then the file last, as S3 requires. */
const postForm = async (
  form: UploadForm,
  file: Buffer,
  contentType: string,
  extra: Record<string, string> = {},
): Promise<Response> => {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...form.inputs, ...extra })) body.append(name, value);
  if (!('Content-Type' in form.inputs) && !('Content-Type' in extra))
    body.append('Content-Type', contentType);
  body.append('file', new Blob([new Uint8Array(file)], { type: contentType }), 'upload.bin');
  return fetch(form.attributes.action, { method: 'POST', body });
};

const decodedPolicy = (form: UploadForm) =>
  JSON.parse(Buffer.from(form.inputs.Policy, 'base64').toString('utf8')) as {
    expiration: string;
    conditions: unknown[];
  };

let server: S3rver;
let store: S3BlobStore;
let endpoint: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));

beforeAll(async () => {
  const port = await freePort();
  server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  store = new S3BlobStore(BUCKET, { endpoint, region: 'us-east-1', credentials });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

blobStoreBehaviour('S3 (s3rver)', () => ({
  store,
  post: async (form, file, contentType) => {
    const res = await postForm(form, file, contentType);
    if (res.status !== 204) throw new Error(`S3 refused the POST: ${res.status} ${await res.text()}`);
  },
}));

describe('S3BlobStore presigned POST', () => {
  it('posts to the bucket with a signed policy that bounds the size, the declared type and the key', async () => {
    const form = await store.createUploadForm('photo-id', {
      contentTypes: ['image/png'],
      maxBytes: 1000,
      ttlSeconds: 60,
    });
    expect(form.attributes.action).toBe(`${endpoint}/${BUCKET}`);
    expect(form.inputs).toMatchObject({
      key: form.key,
      'Content-Type': 'image/png',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      Policy: expect.any(String),
      'X-Amz-Signature': expect.any(String),
    });
    const policy = decodedPolicy(form);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 1000],
        { 'Content-Type': 'image/png' },
        { key: form.key },
        { bucket: BUCKET },
      ]),
    );
    const expiresIn = Date.parse(policy.expiration) - Date.now();
    expect(expiresIn).toBeGreaterThan(50_000);
    expect(expiresIn).toBeLessThanOrEqual(60_000);
  });

  it('with several allowed types bounds the declared type by what they share; the browser declares the file type', async () => {
    const rules = { contentTypes: ['image/png', 'image/jpeg'], maxBytes: 1000 };
    const form = await store.createUploadForm('photo-id', rules);
    expect(form.inputs['Content-Type']).toBeUndefined();
    expect(decodedPolicy(form).conditions).toEqual(
      expect.arrayContaining([['starts-with', '$Content-Type', 'image/']]),
    );
    expect((await postForm(form, PNG, 'image/png')).status).toBe(204);
    expect(await store.confirmUpload(form.key, rules)).toMatchObject({ contentType: 'image/png' });
  });

  it('stores a long stream as a multipart upload, in order', async () => {
    const MB = 1024 * 1024;
    const pieces = async function* () {
      for (let i = 0; i < 18; i++) yield Buffer.alloc(MB, i);
    };
    await store.writeStream('exports/long.ndjson', pieces(), 'application/fhir+ndjson');
    const back = await store.read('exports/long.ndjson');
    expect(back.length).toBe(18 * MB);
    expect([0, 8, 17].map((i) => back[i * MB])).toEqual([0, 8, 17]);
  });

  it('reports a refused credential as an error, not as a missing object', async () => {
    const stranger = new S3BlobStore(BUCKET, {
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'wrong' },
    });
    await expect(stranger.exists('photo-id/anything')).rejects.toBeDefined();
  });
});
