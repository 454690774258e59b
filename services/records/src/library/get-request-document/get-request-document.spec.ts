import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { LibraryDocumentRow, LibraryRepository } from '../library.repository';
import { toAttachment } from '../../attachments/owned-response';
import { GetRequestDocument } from './get-request-document';

const doc: LibraryDocumentRow = {
  id: 'f1',
  file_name: 'report.pdf',
  content_type: 'application/pdf',
  document_request_id: 'd1',
  document_request_type: 'REPORTS',
  created_at: new Date('2026-10-03T00:00:00Z'),
};
const ids = { patientRequestId: 'r1', documentRequestId: 'd1', documentId: 'f1' };

describe('GetRequestDocument', () => {
  it("answers the owner's document, enhanceable when it is a PDF report, audited", async () => {
    const fake = fakeUseCaseKit();
    const findRequestDocument = jest.fn().mockResolvedValue(doc);
    const useCase = new GetRequestDocument(
      fake.kit,
      stub<LibraryRepository>({ findRequestDocument }, 'library'),
    );
    await expect(useCase.execute('u1', ids, testCaller('u1'))).resolves.toEqual({
      ...toAttachment(doc),
      created: '2026-10-03T00:00:00.000Z',
      enhanceable: true,
    });
    expect(findRequestDocument).toHaveBeenCalledWith(fake.kit.db, 'u1', 'r1', 'd1', 'f1');
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'records.read', resourceType: 'document', resourceId: 'f1' }),
    ]);
  });

  it('is not enhanceable unless a PDF of a REPORTS request', () => {
    expect(toAttachment({ ...doc, content_type: 'image/png' }).enhanceable).toBe(false);
    expect(toAttachment({ ...doc, document_request_type: 'OTHERS' }).enhanceable).toBe(false);
  });

  it('answers 404 for anyone else', async () => {
    const useCase = new GetRequestDocument(
      fakeUseCaseKit().kit,
      stub<LibraryRepository>({ findRequestDocument: jest.fn().mockResolvedValue(null) }, 'library'),
    );
    await expect(useCase.execute('u2', ids, testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Document not found',
    });
  });
});
