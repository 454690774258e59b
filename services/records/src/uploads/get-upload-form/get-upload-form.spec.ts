import type { BlobStore, StorageGate } from '@portal/server-kit';
import { stub } from '@portal/server-kit/testing';
import { GetSelfUploadForm } from './get-upload-form';

describe('GetSelfUploadForm', () => {
  const setup = () => {
    const createUploadForm = jest.fn().mockResolvedValue({ key: 'records/self/u1/k' });
    return {
      createUploadForm,
      useCase: new GetSelfUploadForm(
        stub<BlobStore>({ createUploadForm }, 'blobs'),
        stub<StorageGate>({ assertOpen: jest.fn().mockResolvedValue(undefined) }, 'storage'),
      ),
    };
  };

  it("hands out a form under the caller's prefix with the record type's rules", async () => {
    const { createUploadForm, useCase } = setup();
    await expect(
      useCase.execute('u1', { fileName: 'report.pdf', size: 10, recordType: 'REPORTS' }),
    ).resolves.toEqual({ key: 'records/self/u1/k' });
    expect(createUploadForm).toHaveBeenCalledWith('records/self/u1', {
      contentTypes: ['application/pdf'],
      maxBytes: 100 * 1024 * 1024,
    });
    await useCase.execute('u1', { fileName: 'ct.zip', size: 10, recordType: 'IMAGES' });
    expect(createUploadForm).toHaveBeenLastCalledWith('records/self/u1', {
      contentTypes: ['application/dicom', 'application/zip'],
      maxBytes: 2 * 1024 * 1024 * 1024,
    });
    await useCase.execute('u1', { fileName: 'photo.jpg', size: 10, recordType: 'OTHERS' });
    expect(createUploadForm).toHaveBeenLastCalledWith('records/self/u1', {
      contentTypes: ['image/png', 'image/jpeg', 'image/webp'],
      maxBytes: 50 * 1024 * 1024,
    });
  });

  it("refuses a name the record type does not take with the upload form's message, and a file too large", async () => {
    const { createUploadForm, useCase } = setup();
    await expect(
      useCase.execute('u1', { fileName: 'scan.png', size: 10, recordType: 'REPORTS' }),
    ).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      message: 'Reports can only be a .pdf file',
    });
    await expect(
      useCase.execute('u1', { fileName: 'scan.pdf', size: 10, recordType: 'IMAGES' }),
    ).rejects.toMatchObject({ message: 'Imaging can only be a .dcm or .zip file' });
    await expect(
      useCase.execute('u1', { fileName: 'scan.pdf', size: 10, recordType: 'OTHERS' }),
    ).rejects.toMatchObject({ message: 'Files of type .pdf should be uploaded as Reports or Imaging' });
    await expect(
      useCase.execute('u1', { fileName: 'r.pdf', size: 100 * 1024 * 1024 + 1, recordType: 'REPORTS' }),
    ).rejects.toMatchObject({ code: 'FILE.TOO_LARGE' });
    expect(createUploadForm).not.toHaveBeenCalled();
  });

  it("hands out no form while the patient's storage is paused (a lapsed plan)", async () => {
    const createUploadForm = jest.fn();
    const paused = new Error('paused');
    const useCase = new GetSelfUploadForm(
      stub<BlobStore>({ createUploadForm }, 'blobs'),
      stub<StorageGate>({ assertOpen: jest.fn().mockRejectedValue(paused) }, 'storage'),
    );
    await expect(
      useCase.execute('u1', { fileName: 'report.pdf', size: 10, recordType: 'REPORTS' }),
    ).rejects.toBe(paused);
    expect(createUploadForm).not.toHaveBeenCalled();
  });
});
