import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { AttachmentRepository } from '../attachment.repository';
import type { DownloadIdentifiers } from '../download-identifiers';
import { aDocument, aRequest } from '../test-fixtures';
import { GetAttachmentContent } from './get-attachment-content';

describe('GetAttachmentContent', () => {
  const setup = (request: boolean, document: boolean) => {
    const fake = fakeUseCaseKit();
    const issue = jest.fn().mockResolvedValue({ identifier: 'id-1' });
    const repo = stub<AttachmentRepository>({ findOwnedRequest: jest.fn().mockResolvedValue(request ? aRequest() : null), findDocument: jest.fn().mockResolvedValue(document ? aDocument() : null) });
    return { fake, issue, useCase: new GetAttachmentContent(fake.kit, repo, stub<DownloadIdentifiers>({ issue })) };
  };

  it("issues a download identifier for the owner's document, audited", async () => {
    const { fake, issue, useCase } = setup(true, true);
    await expect(useCase.execute('u1', 'r1', 'd1', testCaller('u1'))).resolves.toEqual({ identifier: 'id-1' });
    expect(issue).toHaveBeenCalledWith(fake.kit.db, 'u1', { blobKey: 'provider/r1/dr1/k1', fileName: 'report.pdf', contentType: 'application/pdf' });
    expect(fake.audit).toEqual([expect.objectContaining({ action: 'records.attachment-opened', resourceId: 'd1', subjectId: 'u1' })]);
  });

  it('answers 404 for another request or another document, issuing nothing', async () => {
    const a = setup(false, true);
    await expect(a.useCase.execute('u2', 'r1', 'd1', testCaller('u2'))).rejects.toMatchObject({ message: 'Record not found' });
    const b = setup(true, false);
    await expect(b.useCase.execute('u1', 'r1', 'dx', testCaller('u1'))).rejects.toMatchObject({ message: 'Attachment not found' });
    expect(a.issue).not.toHaveBeenCalled();
    expect(b.issue).not.toHaveBeenCalled();
  });
});
