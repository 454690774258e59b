import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DiskBlobStore } from './blob-store';
import { blobStoreBehaviour, PNG } from './blob-store.behaviour';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'blobs-'));
const store = new DiskBlobStore(root, 'secret');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// The gateway's upload target hands the form's inputs and the file to acceptUpload; the declared type is not trusted.
blobStoreBehaviour('disk', () => ({ store, post: async (form, file) => void (await store.acceptUpload(form.inputs, file)) }));

describe('DiskBlobStore upload target', () => {
  it('posts to the gateway', async () => {
    const form = await store.createUploadForm('photo-id', { contentTypes: ['image/png'], maxBytes: 1000 });
    expect(form.attributes.action).toBe('/api/blob/upload');
  });

  it('refuses a tampered policy and an expired form', async () => {
    const form = await store.createUploadForm('x', { contentTypes: ['image/png'], maxBytes: 1000 });
    await expect(store.acceptUpload({ ...form.inputs, signature: 'forged' }, PNG)).rejects.toMatchObject({ code: 'AUTH.FORBIDDEN' });
    const expired = await store.createUploadForm('x', { contentTypes: ['image/png'], maxBytes: 1000, ttlSeconds: -1 });
    await expect(store.acceptUpload(expired.inputs, PNG)).rejects.toMatchObject({ code: 'AUTH.FORBIDDEN' });
  });

  it('never reads outside its folder', async () => {
    await expect(store.read('../../etc/passwd')).rejects.toMatchObject({ code: 'REQUEST.VALIDATION_FAILED' });
    expect((await store.createUploadForm('../../etc', { contentTypes: ['image/png'], maxBytes: 1 })).key).toMatch(/^etc\//);
  });
});
