import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DataRequestRepository } from '../../data-requests/data-request.repository';
import type { DocumentRepository } from '../document.repository';
import { DeleteDocument } from './delete-document';

describe('DeleteDocument', () => {
  const input = { patientRequestId: 'r1', documentRequestId: 'd1', documentId: 'doc1' };
  const setup = (uploaded_at: Date | null, found = true) => {
    const fake = fakeUseCaseKit();
    const remove = jest.fn().mockResolvedValue(undefined);
    const del = jest.fn().mockResolvedValue(true);
    const useCase = new DeleteDocument(
      fake.kit,
      stub<BlobStore>({ remove }),
      stub<DataRequestRepository>({
        findForStaff: jest.fn().mockResolvedValue({
          id: 'r1',
          uploaded_at,
          patient_user_id: 'u1',
          document_requests: [{ id: 'd1', type: 'REPORTS' }],
        }),
      }),
      stub<DocumentRepository>({
        find: jest
          .fn()
          .mockResolvedValue(
            found
              ? { id: 'doc1', document_request_id: 'd1', blob_key: 'provider/r1/d1/k', file_name: 'a.pdf' }
              : null,
          ),
        delete: del,
      }),
    );
    return { fake, remove, del, useCase };
  };

  it('removes the row, audits it, then the blob', async () => {
    const { fake, remove, del, useCase } = setup(null);
    await useCase.execute('s', input, testCaller('s'));
    expect(del).toHaveBeenCalledWith(fake.tx, 'doc1');
    expect(remove).toHaveBeenCalledWith('provider/r1/d1/k');
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'provider.document-deleted', resourceId: 'doc1' }),
    ]);
  });

  it('refuses after submission (409) and answers 404 for an unknown document, removing nothing', async () => {
    const submitted = setup(new Date());
    await expect(submitted.useCase.execute('s', input, testCaller('s'))).rejects.toMatchObject({
      code: 'RESOURCE.CONFLICT',
    });
    const missing = setup(null, false);
    await expect(missing.useCase.execute('s', input, testCaller('s'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(submitted.remove).not.toHaveBeenCalled();
    expect(missing.remove).not.toHaveBeenCalled();
  });
});
