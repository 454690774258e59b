import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { AttachmentRepository } from '../attachment.repository';
import type { DownloadIdentifiers } from '../download-identifiers';
import type { SharedAccess } from '../../library/shared-access';
import { aDocument, aRequest } from '../test-fixtures';
import { GetAttachmentContent } from './get-attachment-content';

describe('GetAttachmentContent', () => {
  const setup = (request: boolean, document: boolean) => {
    const fake = fakeUseCaseKit();
    const issue = jest.fn().mockResolvedValue({ identifier: 'id-1' });
    const repo = stub<AttachmentRepository>({
      findOwnedRequest: jest.fn().mockResolvedValue(request ? aRequest() : null),
      findDocument: jest.fn().mockResolvedValue(document ? aDocument() : null),
    });
    return {
      fake,
      issue,
      useCase: new GetAttachmentContent(fake.kit, repo, stub<DownloadIdentifiers>({ issue })),
    };
  };

  it("issues a download identifier for the owner's document, audited", async () => {
    const { fake, issue, useCase } = setup(true, true);
    await expect(useCase.execute('u1', 'r1', 'd1', testCaller('u1'))).resolves.toEqual({
      identifier: 'id-1',
    });
    expect(issue).toHaveBeenCalledWith(fake.kit.db, 'u1', {
      blobKey: 'provider/r1/dr1/k1',
      fileName: 'report.pdf',
      contentType: 'application/pdf',
    });
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'records.attachment-opened', resourceId: 'd1', subjectId: 'u1' }),
    ]);
  });

  it('answers 404 for another request or another document, issuing nothing', async () => {
    const a = setup(false, true);
    await expect(a.useCase.execute('u2', 'r1', 'd1', testCaller('u2'))).rejects.toMatchObject({
      message: 'Record not found',
    });
    const b = setup(true, false);
    await expect(b.useCase.execute('u1', 'r1', 'dx', testCaller('u1'))).rejects.toMatchObject({
      message: 'Attachment not found',
    });
    expect(a.issue).not.toHaveBeenCalled();
    expect(b.issue).not.toHaveBeenCalled();
  });

  describe('a person the record is shared with (the same rule as the attachments list)', () => {
    const shared = (covers: boolean) => {
      const fake = fakeUseCaseKit();
      const issue = jest.fn().mockResolvedValue({ identifier: 'id-2' });
      // u1 owns r1; u2 owns nothing, so every read goes through the share.
      const repo = stub<AttachmentRepository>({
        findOwnedRequest: jest.fn(async (_db, userId: string) => (userId === 'u1' ? aRequest() : null)),
        findDocument: jest.fn(async (_db, userId: string) => (userId === 'u1' ? aDocument() : null)),
      });
      const access = stub<SharedAccess>({
        ownerOfRequest: jest.fn().mockResolvedValue('u1'),
        canOpenAttachment: jest.fn().mockResolvedValue(covers),
      });
      return {
        fake,
        issue,
        access,
        useCase: new GetAttachmentContent(fake.kit, repo, stub<DownloadIdentifiers>({ issue }), access),
      };
    };

    it("issues the grantee an identifier of the owner's document their grant covers, audited with the owner as subject", async () => {
      const { fake, issue, access, useCase } = shared(true);
      await expect(useCase.execute('u2', 'r1', 'd1', testCaller('u2'))).resolves.toEqual({
        identifier: 'id-2',
      });
      expect(access.canOpenAttachment).toHaveBeenCalledWith(fake.kit.db, 'u2', 'r1', 'd1');
      expect(issue).toHaveBeenCalledWith(fake.kit.db, 'u2', {
        blobKey: 'provider/r1/dr1/k1',
        fileName: 'report.pdf',
        contentType: 'application/pdf',
      });
      expect(fake.audit).toEqual([
        expect.objectContaining({ action: 'records.attachment-opened', resourceId: 'd1', subjectId: 'u1' }),
      ]);
    });

    it('answers 404 for a document of the shared request the grant does not cover', async () => {
      const { issue, useCase } = shared(false);
      await expect(useCase.execute('u2', 'r1', 'd1', testCaller('u2'))).rejects.toMatchObject({
        message: 'Attachment not found',
      });
      expect(issue).not.toHaveBeenCalled();
    });
  });
});
