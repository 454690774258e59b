import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { DataRequestRepository, StoredDataRequest } from '../../data-requests/data-request.repository';
import { GetUploadForms } from './get-upload-forms';

const request = (over: Partial<StoredDataRequest> = {}, rejection: unknown = null) =>
  ({
    id: 'r1',
    uploaded_at: null,
    document_requests: [
      { id: 'd1', type: 'REPORTS', rejection },
      { id: 'd2', type: 'IMAGES', rejection: null },
    ],
    ...over,
  }) as StoredDataRequest;

describe('GetUploadForms', () => {
  const setup = (r: StoredDataRequest | null) => {
    const createUploadForm = jest.fn().mockResolvedValue({ key: 'k' });
    const useCase = new GetUploadForms(
      fakeUseCaseKit().kit,
      stub<BlobStore>({ createUploadForm }),
      stub<DataRequestRepository>({ findForStaff: jest.fn().mockResolvedValue(r) }),
    );
    return { createUploadForm, useCase };
  };
  const files = [
    { fileName: 'a.pdf', size: 10 },
    { fileName: 'b.pdf', size: 10 },
  ];

  it("hands out one form per file under the request's prefix with the type's rules", async () => {
    const { createUploadForm, useCase } = setup(request());
    await expect(
      useCase.execute('s', { patientRequestId: 'r1', documentRequestId: 'd1', files }),
    ).resolves.toEqual({ forms: [{ key: 'k' }, { key: 'k' }] });
    expect(createUploadForm).toHaveBeenCalledWith('provider/r1/d1', {
      contentTypes: ['application/pdf'],
      maxBytes: 100 * 1024 * 1024,
    });
    await useCase.execute('s', { patientRequestId: 'r1', documentRequestId: 'd2', files });
    expect(createUploadForm).toHaveBeenLastCalledWith('provider/r1/d2', {
      contentTypes: ['application/dicom', 'application/zip'],
      maxBytes: 2 * 1024 * 1024 * 1024,
    });
  });

  it('refuses a rejected document request, a submitted request, an unknown document request and another facility', async () => {
    await expect(
      setup(request({}, { nrrType: 'OTHER' })).useCase.execute('s', {
        patientRequestId: 'r1',
        documentRequestId: 'd1',
        files,
      }),
    ).rejects.toMatchObject({ code: 'RESOURCE.CONFLICT' });
    await expect(
      setup(request({ uploaded_at: new Date() })).useCase.execute('s', {
        patientRequestId: 'r1',
        documentRequestId: 'd1',
        files,
      }),
    ).rejects.toMatchObject({ code: 'RESOURCE.CONFLICT' });
    await expect(
      setup(request()).useCase.execute('s', { patientRequestId: 'r1', documentRequestId: 'dx', files }),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    await expect(
      setup(null).useCase.execute('s', { patientRequestId: 'r1', documentRequestId: 'd1', files }),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
  });
});
