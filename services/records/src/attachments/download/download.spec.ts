import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { AttachmentRepository } from '../attachment.repository';
import { Download } from './download';

const ID = 'a'.repeat(43);

describe('Download', () => {
  const setup = (grant: boolean) => {
    const fake = fakeUseCaseKit();
    const findGrant = jest.fn().mockResolvedValue(
      grant
        ? {
            identifier: ID,
            user_id: 'u1',
            blob_key: 'k',
            file_name: 'report.pdf',
            content_type: 'application/pdf',
          }
        : null,
    );
    const read = jest.fn().mockResolvedValue(Buffer.from('%PDF-1.7'));
    return {
      fake,
      findGrant,
      read,
      useCase: new Download(fake.kit, stub<BlobStore>({ read }), stub<AttachmentRepository>({ findGrant })),
    };
  };

  it("serves a live identifier's file, audited with its owner as the subject", async () => {
    const { fake, useCase } = setup(true);
    await expect(useCase.execute(ID, testCaller(null))).resolves.toEqual({
      bytes: Buffer.from('%PDF-1.7'),
      contentType: 'application/pdf',
      fileName: 'report.pdf',
    });
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'records.file-downloaded', subjectId: 'u1' }),
    ]);
  });

  it('answers 404 for an unknown or expired identifier and for one of the wrong shape (never asking the database)', async () => {
    const { findGrant, read, useCase } = setup(false);
    await expect(useCase.execute(ID, testCaller(null))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Download not found',
    });
    await expect(useCase.execute('short', testCaller(null))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(findGrant).toHaveBeenCalledTimes(1);
    expect(read).not.toHaveBeenCalled();
  });
});
