import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { DiskBlobStore } from './blob-store';
import { blobStoreBehaviour, PNG } from './blob-store.behaviour';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'blobs-'));
const store = new DiskBlobStore(root, 'secret');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// The gateway's upload target hands the form's inputs and the file to acceptUpload; the declared type is not trusted.
blobStoreBehaviour('disk', () => ({
  store,
  post: async (form, file) => void (await store.acceptUpload(form.inputs, file)),
}));

describe('DiskBlobStore upload target', () => {
  it('posts to the gateway', async () => {
    const form = await store.createUploadForm('photo-id', { contentTypes: ['image/png'], maxBytes: 1000 });
    expect(form.attributes.action).toBe('/api/blob/upload');
  });

  it('refuses a tampered policy and an expired form', async () => {
    const form = await store.createUploadForm('x', { contentTypes: ['image/png'], maxBytes: 1000 });
    await expect(store.acceptUpload({ ...form.inputs, signature: 'forged' }, PNG)).rejects.toMatchObject({
      code: 'AUTH.FORBIDDEN',
    });
    const expired = await store.createUploadForm('x', {
      contentTypes: ['image/png'],
      maxBytes: 1000,
      ttlSeconds: -1,
    });
    await expect(store.acceptUpload(expired.inputs, PNG)).rejects.toMatchObject({ code: 'AUTH.FORBIDDEN' });
  });

  it('never reads outside its folder', async () => {
    await expect(store.read('../../etc/passwd')).rejects.toMatchObject({ code: 'REQUEST.VALIDATION_FAILED' });
    expect(
      (await store.createUploadForm('../../etc', { contentTypes: ['image/png'], maxBytes: 1 })).key,
    ).toMatch(/^etc\//);
  });
});

describe('DiskBlobStore streamed upload', () => {
  const files = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

  it('stops reading as soon as the file passes maxBytes, and keeps nothing', async () => {
    const form = await store.createUploadForm('stream', { contentTypes: ['image/png'], maxBytes: 64 * 1024 });
    const policy = store.verifyUploadInputs(form.inputs);
    let produced = 0;
    // An endless PNG: only what the store pulls is ever made.
    const endless = new Readable({
      read(this: Readable) {
        const chunk =
          produced === 0
            ? Buffer.concat([PNG, Buffer.alloc(16 * 1024 - PNG.length)])
            : Buffer.alloc(16 * 1024);
        produced += chunk.length;
        this.push(chunk);
      },
    });
    await expect(store.acceptUploadStream(policy, endless)).rejects.toMatchObject({ code: 'FILE.TOO_LARGE' });
    expect(produced).toBeLessThan(1024 * 1024);
    expect(files(path.join(root, 'stream'))).toEqual([]);
  });

  it('refuses a file of the wrong type by its head and removes the temporary file', async () => {
    const form = await store.createUploadForm('stream2', {
      contentTypes: ['image/png'],
      maxBytes: 1024 * 1024,
    });
    await expect(store.acceptUpload(form.inputs, Buffer.alloc(200 * 1024, 1))).rejects.toMatchObject({
      code: 'FILE.INVALID_TYPE',
    });
    expect(files(path.join(root, 'stream2'))).toEqual([]);
    await expect(
      store.acceptUpload(form.inputs, Buffer.concat([PNG, Buffer.alloc(300 * 1024)])),
    ).resolves.toMatchObject({ key: form.key, contentType: 'image/png', size: PNG.length + 300 * 1024 });
    expect(await store.exists(form.key)).toBe(true);
  });
});
