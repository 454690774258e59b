import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, localFileOf, stub, testCaller } from '@portal/server-kit/testing';
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

  it('reads only the range asked (206), and finds a range past the end unsatisfiable (416)', async () => {
    const fake = fakeUseCaseKit();
    const bytes = Buffer.from('0123456789');
    const findGrant = jest.fn().mockResolvedValue({
      identifier: ID,
      user_id: 'u1',
      blob_key: 'k',
      file_name: 'video.webm',
      content_type: 'video/webm',
    });
    const read = jest.fn();
    const useCase = new Download(
      fake.kit,
      stub<BlobStore>({ read, withLocalFile: localFileOf(bytes) }),
      stub<AttachmentRepository>({ findGrant }),
    );
    const part = await useCase.execute(ID, testCaller(null), 'bytes=3-5');
    expect(part.bytes.toString()).toBe('345');
    expect(part.range).toEqual({ start: 3, end: 5, size: 10 });
    expect((await useCase.execute(ID, testCaller(null), 'bytes=-2')).bytes.toString()).toBe('89');
    expect((await useCase.execute(ID, testCaller(null), 'bytes=20-')).range).toEqual({
      unsatisfiable: true,
      size: 10,
    });
    // A Range header we do not read: the whole file.
    const whole = await useCase.execute(ID, testCaller(null), 'bytes=0-1,4-5');
    expect([whole.bytes.toString(), whole.range]).toEqual(['0123456789', undefined]);
    expect(read).not.toHaveBeenCalled();
    expect(fake.audit).toHaveLength(4);
  });
});
