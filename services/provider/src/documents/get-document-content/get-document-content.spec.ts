import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DataRequestRepository } from '../../data-requests/data-request.repository';
import type { DocumentRepository } from '../document.repository';
import { GetDocumentContent } from './get-document-content';

describe('GetDocumentContent', () => {
  const setup = (content_type: string) => {
    const fake = fakeUseCaseKit();
    const read = jest.fn().mockResolvedValue(Buffer.from('%PDF-'));
    const useCase = new GetDocumentContent(
      fake.kit,
      stub<BlobStore>({ read }),
      stub<DataRequestRepository>({
        findForStaff: jest.fn().mockResolvedValue({ id: 'r1', patient_user_id: 'u1' }),
      }),
      stub<DocumentRepository>({
        find: jest
          .fn()
          .mockResolvedValue({ id: 'doc1', blob_key: 'k', content_type, file_name: 'report.pdf' }),
      }),
    );
    return { fake, read, useCase };
  };
  it('returns the bytes with the content type, audited', async () => {
    const { fake, useCase } = setup('application/pdf');
    await expect(useCase.execute('s', 'r1', 'doc1', testCaller('s'))).resolves.toMatchObject({
      contentType: 'application/pdf',
      fileName: 'report.pdf',
    });
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'provider.document-read', resourceId: 'doc1' }),
    ]);
  });
  it('refuses a DICOM file (not openable) without reading it', async () => {
    const { read, useCase } = setup('application/dicom');
    await expect(useCase.execute('s', 'r1', 'doc1', testCaller('s'))).rejects.toMatchObject({
      code: 'FILE.INVALID_TYPE',
    });
    expect(read).not.toHaveBeenCalled();
  });
});
