import type { BlobStore, UploadForm, UploadRules } from './blob-store';

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64),
]);
export const DICOM = Buffer.concat([Buffer.alloc(128), Buffer.from('DICM'), Buffer.alloc(64)]);

export interface BlobStoreHarness {
  store: BlobStore;
  /** Posts `file` to the form as a browser would, declaring `contentType`; rejects when the upload target refuses it. */
  post(form: UploadForm, file: Buffer, contentType: string): Promise<void>;
}

/**
 * The presigned flow every driver keeps: GET a form, POST the file to its action, then the context
 * confirms the key before keeping it. Run by each driver's tests against its real target.
 */
export const blobStoreBehaviour = (name: string, harness: () => BlobStoreHarness) =>
  describe(`${name} blob store: the presigned flow`, () => {
    const upload = async (form: UploadForm, file: Buffer, contentType: string, rules: UploadRules) => {
      await harness().post(form, file, contentType);
      return harness().store.confirmUpload(form.key, rules);
    };

    it('answers a form with key, inputs and a multipart POST action', async () => {
      const form = await harness().store.createUploadForm('photo-id', {
        contentTypes: ['image/png'],
        maxBytes: 1000,
      });
      expect(form.key).toMatch(/^photo-id\/[0-9a-f-]{36}$/);
      expect(form.inputs.key).toBe(form.key);
      expect(form.attributes).toMatchObject({ enctype: 'multipart/form-data', method: 'POST' });
      expect(form.attributes.action).toEqual(expect.any(String));
    });

    it('keeps a file whose bytes match the allowed type, and reads it back', async () => {
      const rules = { contentTypes: ['image/png'], maxBytes: 1000 };
      const form = await harness().store.createUploadForm('photo-id', rules);
      expect(await upload(form, PNG, 'image/png', rules)).toEqual({
        key: form.key,
        contentType: 'image/png',
        size: PNG.length,
      });
      expect(await harness().store.exists(form.key)).toBe(true);
      expect(await harness().store.read(form.key)).toEqual(PNG);
    });

    it('recognises DICOM Part 10 files', async () => {
      const rules = { contentTypes: ['application/dicom'], maxBytes: 1000 };
      const form = await harness().store.createUploadForm('imaging', rules);
      expect((await upload(form, DICOM, 'application/dicom', rules)).contentType).toBe('application/dicom');
    });

    it('checks the type by content, not by what the browser declares, and keeps nothing it refuses', async () => {
      const rules = { contentTypes: ['image/png'], maxBytes: 1000 };
      const form = await harness().store.createUploadForm('photo-id', rules);
      await expect(upload(form, DICOM, 'image/png', rules)).rejects.toMatchObject({
        code: 'FILE.INVALID_TYPE',
      });
      expect(await harness().store.exists(form.key)).toBe(false);
    });

    it('refuses a file over the size of its form and keeps nothing', async () => {
      const rules = { contentTypes: ['image/png'], maxBytes: 10 };
      const form = await harness().store.createUploadForm('photo-id', rules);
      await expect(upload(form, PNG, 'image/png', rules)).rejects.toMatchObject({ code: 'FILE.TOO_LARGE' });
      expect(await harness().store.exists(form.key)).toBe(false);
    });

    it('does not confirm a key nothing was uploaded to', async () => {
      const form = await harness().store.createUploadForm('photo-id', {
        contentTypes: ['image/png'],
        maxBytes: 1000,
      });
      await expect(
        harness().store.confirmUpload(form.key, { contentTypes: ['image/png'], maxBytes: 1000 }),
      ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
      expect(await harness().store.exists(form.key)).toBe(false);
    });

    it('hands the object to a reader as a local file', async () => {
      const rules = { contentTypes: ['image/png'], maxBytes: 1000 };
      const form = await harness().store.createUploadForm('photo-id', rules);
      await upload(form, PNG, 'image/png', rules);
      expect(
        await harness().store.withLocalFile(form.key, async (file) =>
          (await import('node:fs')).promises.readFile(file),
        ),
      ).toEqual(PNG);
    });

    it('stores a stream of pieces as one object and streams it back; a failing source leaves nothing', async () => {
      const store = harness().store;
      const key = `exports/${Date.now()}/Patient.ndjson`;
      const pieces = async function* () {
        for (let i = 0; i < 3; i++) yield Buffer.from(`{"n":${i}}\n`);
      };
      await store.writeStream(key, pieces(), 'application/fhir+ndjson');
      const chunks: Buffer[] = [];
      for await (const c of await store.readStream(key)) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('{"n":0}\n{"n":1}\n{"n":2}\n');
      const failing = async function* () {
        yield Buffer.from('{"n":0}\n');
        throw new Error('the database went away');
      };
      await expect(store.writeStream(`${key}.2`, failing(), 'application/fhir+ndjson')).rejects.toThrow(
        'the database went away',
      );
      expect(await store.exists(`${key}.2`)).toBe(false);
      await expect(store.readStream(`${key}.missing`)).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    });

    // Keys are the server's; one that data bent (a DICOM UID, a zip entry name) is refused by every operation.
    it.each(['../outside', 'a/../../b', '/etc/passwd', 'a//b', './a', 'a/.hidden', 'a\\..\\b', 'a b', ''])(
      'refuses the key %j for every operation',
      async (key) => {
        const store = harness().store;
        for (const op of [
          () => store.read(key),
          () => store.exists(key),
          () => store.remove(key),
          () => store.write(key, PNG, 'image/png'),
          () => store.withLocalFile(key, async () => 1),
          () => store.readStream(key),
          () => store.writeStream(key, (async function* () {})(), 'text/plain'),
        ]) {
          await expect(op()).rejects.toMatchObject({ code: 'REQUEST.VALIDATION_FAILED' });
        }
      },
    );
  });
