import {
  PROVIDER_UPLOADS,
  type AddDocumentsResult,
  type ProviderUploadFile,
  type UploadedDocument,
} from '@portal/contracts';
import type { PickedFile } from './folder-reading';
import { formBody, type UploadForm } from '@portal/api';
import { acceptOf, reasonOf, runUpload, screenFiles, takesFolders, type UploadSteps } from './upload';

const picked = (n: number, folder = 'study'): PickedFile[] =>
  Array.from({ length: n }, (_, i) => ({ file: new File(['d'], `${i}.dcm`), path: `${folder}/${i}.dcm` }));

const formFor = (f: ProviderUploadFile): UploadForm => ({
  key: `k/${f.fileName}`,
  inputs: { key: `k/${f.fileName}` },
  attributes: { action: '/api/blob/upload' },
});

/** Steps that keep every file, with records of what each step was given. */
const steps = (over: Partial<UploadSteps> = {}) => {
  const log = {
    forms: [] as number[],
    sent: [] as string[],
    kept: [] as UploadedDocument[][],
    progress: [] as string[],
    failed: [] as string[],
    reasons: [] as Array<string | undefined>,
  };
  const s: UploadSteps = {
    forms: async (files) => (log.forms.push(files.length), files.map(formFor)),
    send: async (_form, file) => void log.sent.push(file.name),
    keep: async (docs): Promise<AddDocumentsResult> => (
      log.kept.push(docs),
      { documents: docs.map((d) => ({ id: d.key }) as never), refused: [] }
    ),
    progress: (done, total) => void log.progress.push(`${done}/${total}`),
    failed: (name, reason) => void (log.failed.push(name), log.reasons.push(reason)),
    ...over,
  };
  return { s, log };
};

describe('the provider upload', () => {
  it('sends 45 files in batches of 20, 20 and 5, each batch kept with its keys, names and folder paths', async () => {
    const { s, log } = steps();
    const outcome = await runUpload(picked(45), s);
    expect(log.forms).toEqual([20, 20, 5]);
    expect(log.kept.map((b) => b.length)).toEqual([20, 20, 5]);
    expect(log.kept[0][3]).toEqual({ key: 'k/3.dcm', file_name: '3.dcm', path: 'study/3.dcm' });
    expect(log.progress.at(-1)).toBe('45/45');
    expect(log.progress).toHaveLength(45);
    expect(outcome).toEqual({ kept: 45, failed: [] });
  });

  it("asks the next batch's forms while this batch goes up, and still sends each file with its own batch's forms", async () => {
    const order: string[] = [];
    const { s, log } = steps({
      forms: async (files) => {
        order.push(`forms ${files[0].fileName}`);
        return files.map(formFor);
      },
      send: async (form, file) => {
        order.push(`send ${file.name}`);
        expect(form.key).toBe(`k/${file.name}`);
      },
    });
    await runUpload(picked(41), s);
    // The forms of the batch starting at 20 are asked before its first file (and before the last of
    // the first batch is sent); the batch starting at 40 likewise.
    expect(order.indexOf('forms 20.dcm')).toBeLessThan(order.indexOf('send 0.dcm'));
    expect(order.indexOf('forms 40.dcm')).toBeLessThan(order.indexOf('send 20.dcm'));
    expect(order.filter((o) => o.startsWith('forms'))).toEqual([
      'forms 0.dcm',
      'forms 20.dcm',
      'forms 40.dcm',
    ]);
    expect(log.kept.map((b) => b.length)).toEqual([20, 20, 1]);
  });

  it('reports a failed post and a refused file, and keeps the rest', async () => {
    const { s, log } = steps({
      send: async (_f, file) => {
        if (file.name === '1.dcm') throw new Error('network');
      },
      keep: async (docs) => ({
        documents: docs.filter((d) => d.file_name !== '2.dcm').map((d) => ({ id: d.key }) as never),
        refused: [{ file_name: '2.dcm', message: 'Not a DICOM file' }],
      }),
    });
    const outcome = await runUpload(picked(4), s);
    expect(log.failed).toEqual(['1.dcm', '2.dcm']);
    // A network failure has no server reason; a refused file carries the context's.
    expect(log.reasons).toEqual([undefined, 'Not a DICOM file']);
    expect(outcome).toEqual({ kept: 2, failed: ['1.dcm', '2.dcm'] });
  });

  it("gives each failed file the server's reason: the blob store's refusal of its type, the forms' refusal of the batch", async () => {
    const typeRefused = steps({
      send: async () =>
        Promise.reject({ status: 415, code: 'FILE.INVALID_TYPE', message: 'Invalid file type' }),
    });
    await runUpload(picked(1), typeRefused.s);
    expect(typeRefused.log.reasons).toEqual(['Invalid file type']);
    const formsRefused = steps({
      forms: async () => Promise.reject({ status: 400, message: 'File name must not contain a folder' }),
    });
    await runUpload(picked(2), formsRefused.s);
    expect(formsRefused.log.reasons).toEqual([
      'File name must not contain a folder',
      'File name must not contain a folder',
    ]);
    expect(reasonOf(new Error('network'))).toBeUndefined();
  });

  it('fails only the batch whose forms were refused, and goes on with the next', async () => {
    let call = 0;
    const { s, log } = steps({
      forms: async (files) => {
        call += 1;
        if (call === 1) throw new Error('403');
        return files.map(formFor);
      },
    });
    const outcome = await runUpload(picked(25), s);
    expect(log.failed).toHaveLength(20);
    expect(outcome.kept).toBe(5);
    expect(log.progress.at(-1)).toBe('25/25');
  });

  it('fails every file of a batch that addDocuments refused as a whole', async () => {
    const { s, log } = steps({ keep: async () => Promise.reject(new Error('500')) });
    await runUpload(picked(2), s);
    expect(log.failed).toEqual(['0.dcm', '1.dcm']);
  });

  it('puts the inputs before the file', () => {
    const form = formFor({ fileName: 'a.dcm', size: 1 });
    const body = formBody({ ...form, inputs: { key: 'k', policy: 'p' } }, new File(['x'], 'a.dcm'));
    expect([...body.keys()]).toEqual(['key', 'policy', 'file']);
  });
});

describe('what an upload takes', () => {
  it('takes folders and any file name for imaging, and an accept list for reports', () => {
    expect(takesFolders('IMAGES')).toBe(true);
    expect(takesFolders('IMAGES_ONLY')).toBe(true);
    expect(takesFolders('REPORTS')).toBe(false);
    expect(acceptOf('IMAGES')).toBeUndefined();
    expect(acceptOf('REPORTS')).toBe('.pdf');
    expect(acceptOf('OTHERS')).toBe('.pdf,.png,.jpg,.jpeg,.webp');
  });

  it('does not send empty files, nor files over the type limit', () => {
    const big = new File(['x'], 'big.pdf');
    Object.defineProperty(big, 'size', { value: PROVIDER_UPLOADS.REPORTS.maxBytes + 1 });
    const ok = new File(['%PDF'], 'ok.pdf');
    const empty = new File([], 'empty.pdf');
    const { send, refused } = screenFiles(
      [big, ok, empty].map((file) => ({ file, path: file.name })),
      'REPORTS',
    );
    expect(send.map((p) => p.path)).toEqual(['ok.pdf']);
    expect(refused.map((p) => [p.path, p.reason])).toEqual([
      ['big.pdf', `File is larger than ${PROVIDER_UPLOADS.REPORTS.maxBytes} bytes`],
      ['empty.pdf', 'The file is empty'],
    ]);
  });
});
