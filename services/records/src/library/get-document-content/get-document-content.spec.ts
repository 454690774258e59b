import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../library.repository';
import { GetDocumentContent } from './get-document-content';

describe('GetDocumentContent', () => {
  const setup = (found: boolean) => {
    const fake = fakeUseCaseKit();
    const read = jest.fn().mockResolvedValue(Buffer.from('%PDF-1.7'));
    const findOwnedDocument = jest.fn().mockResolvedValue(
      found
        ? {
            id: 'f1',
            patient_request_id: 'r1',
            file_name: 'report.pdf',
            blob_key: 'provider/f1',
            content_type: 'application/pdf',
          }
        : null,
    );
    return {
      fake,
      read,
      findOwnedDocument,
      useCase: new GetDocumentContent(
        fake.kit,
        stub<BlobStore>({ read }, 'blobs'),
        stub<LibraryRepository>({ findOwnedDocument }, 'library'),
      ),
    };
  };

  it("answers the owner's document bytes with its type and name, audited", async () => {
    const { fake, read, findOwnedDocument, useCase } = setup(true);
    await expect(useCase.execute('u1', 'f1', testCaller('u1'))).resolves.toEqual({
      bytes: Buffer.from('%PDF-1.7'),
      contentType: 'application/pdf',
      fileName: 'report.pdf',
    });
    expect(findOwnedDocument).toHaveBeenCalledWith(fake.kit.db, 'f1', 'u1');
    expect(read).toHaveBeenCalledWith('provider/f1');
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'records.document-read', resourceId: 'f1', subjectId: 'u1' }),
    ]);
  });

  it("answers 404 for another user's or a missing document, reading and auditing nothing", async () => {
    const { fake, read, useCase } = setup(false);
    await expect(useCase.execute('u2', 'f1', testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Document not found',
    });
    expect(read).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([]);
  });
});
