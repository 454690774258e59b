import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DiskBlobStore } from './blob-store';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
const DICOM = Buffer.concat([Buffer.alloc(128), Buffer.from('DICM'), Buffer.alloc(64)]);

describe('DiskBlobStore presigned flow', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'blobs-'));
  const store = new DiskBlobStore(root, 'secret');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('answers a form with key, inputs and action attributes', async () => {
    const form = await store.createUploadForm('photo-id', { contentTypes: ['image/png'], maxBytes: 1000 });
    expect(form.attributes).toEqual({ action: '/api/blob/upload', enctype: 'multipart/form-data', method: 'POST' });
    expect(form.inputs.key).toBe(form.key);
    expect(form.key).toMatch(/^photo-id\//);
  });

  it('stores a file whose bytes match the allowed type', async () => {
    const form = await store.createUploadForm('photo-id', { contentTypes: ['image/png'], maxBytes: 1000 });
    expect(await store.acceptUpload(form.inputs, PNG)).toMatchObject({ key: form.key, contentType: 'image/png' });
    expect(await store.read(form.key)).toEqual(PNG);
  });

  it('checks the type by content, not by name, and keeps nothing when refused', async () => {
    const form = await store.createUploadForm('photo-id', { contentTypes: ['image/png'], maxBytes: 1000 });
    await expect(store.acceptUpload(form.inputs, DICOM)).rejects.toMatchObject({ code: 'FILE.INVALID_TYPE' });
    expect(await store.exists(form.key)).toBe(false);
  });

  it('recognises DICOM Part 10 files', async () => {
    const form = await store.createUploadForm('imaging', { contentTypes: ['application/dicom'], maxBytes: 1000 });
    expect((await store.acceptUpload(form.inputs, DICOM)).contentType).toBe('application/dicom');
  });

  it('refuses a tampered policy, an oversized file and an expired form', async () => {
    const form = await store.createUploadForm('x', { contentTypes: ['image/png'], maxBytes: 10 });
    await expect(store.acceptUpload({ ...form.inputs, signature: 'forged' }, PNG)).rejects.toMatchObject({ code: 'AUTH.FORBIDDEN' });
    await expect(store.acceptUpload(form.inputs, PNG)).rejects.toMatchObject({ code: 'FILE.TOO_LARGE' });
    const expired = await store.createUploadForm('x', { contentTypes: ['image/png'], maxBytes: 1000, ttlSeconds: -1 });
    await expect(store.acceptUpload(expired.inputs, PNG)).rejects.toMatchObject({ code: 'AUTH.FORBIDDEN' });
  });

  it('never writes outside its folder', async () => {
    await expect(store.read('../../etc/passwd')).rejects.toMatchObject({ code: 'REQUEST.VALIDATION_FAILED' });
  });
});
