import type { BlobStore, StorageGate } from '@portal/server-kit';
import { fakeUseCaseKit, localFileOf, stub, testCaller } from '@portal/server-kit/testing';
import type { FamilyMemberRepository } from '../../family/family-member.repository';
import type { SelfUploadRepository } from '../upload.repository';
import { invalidFileType } from '../uploads.errors';
import { isoExamDate, ManualUpload, type ManualUploadInput } from './manual-upload';

const KEY = 'records/self/u1/0f7c';
const input = (over: Partial<ManualUploadInput> = {}): ManualUploadInput => ({
  uploaded_images: [{ id: KEY, path: 'report.pdf', file_name: 'report.pdf' }],
  family_member_id: null,
  examDate: '01/03/2025',
  recordName: 'Knee report',
  recordType: 'REPORTS',
  ...over,
});

describe('ManualUpload', () => {
  const setup = (
    opts: {
      used?: boolean;
      contentType?: string;
      member?: boolean;
      insertFails?: unknown;
      bytes?: Buffer;
    } = {},
  ) => {
    const fake = fakeUseCaseKit();
    const confirmUpload = jest.fn().mockImplementation(async (key: string) => ({
      key,
      contentType: opts.contentType ?? 'application/pdf',
      size: 42,
    }));
    const read = localFileOf(opts.bytes ?? Buffer.from('not dicom'));
    const remove = jest.fn().mockResolvedValue(undefined);
    const insert = jest.fn().mockImplementation(async () => {
      if (opts.insertFails) throw opts.insertFails;
    });
    const uploads = stub<SelfUploadRepository>(
      { isKeyUsed: jest.fn().mockResolvedValue(!!opts.used), insert },
      'uploads',
    );
    const family = stub<FamilyMemberRepository>(
      {
        holder: jest.fn().mockResolvedValue({ first_name: 'Pat', last_name: 'Jordan' }),
        findOwned: jest
          .fn()
          .mockResolvedValue(opts.member ? { id: 'fm1', first_name: 'Sam', last_name: 'Jordan' } : null),
      },
      'family',
    );
    const useCase = new ManualUpload(
      fake.kit,
      stub<BlobStore>({ confirmUpload, withLocalFile: read, remove }, 'blobs'),
      uploads,
      family,
      stub<StorageGate>({ assertOpen: jest.fn().mockResolvedValue(undefined) }, 'storage'),
    );
    return { fake, confirmUpload, read, remove, insert, useCase };
  };
  const who = { userId: 'u1', personId: 'p1' };

  it('keeps a report for Myself: request, key, document, event and audit in one transaction', async () => {
    const { fake, confirmUpload, insert, remove, useCase } = setup();
    const answer = await useCase.execute(who, input(), testCaller('u1'));
    expect(confirmUpload).toHaveBeenCalledWith(KEY, {
      contentTypes: ['application/pdf'],
      maxBytes: 100 * 1024 * 1024,
    });
    expect(insert).toHaveBeenCalledWith(
      fake.tx,
      expect.objectContaining({
        patientRequestId: answer.patientRequestId,
        userId: 'u1',
        personId: 'p1',
        firstName: 'Pat',
        lastName: 'Jordan',
        recordType: 'REPORTS',
        examDate: '2025-03-01',
        key: KEY,
        document: expect.objectContaining({
          fileName: 'report.pdf',
          contentType: 'application/pdf',
          size: 42,
        }),
      }),
    );
    const documentId = insert.mock.calls[0][1].document.id;
    expect(fake.events).toEqual([
      {
        type: 'records.self-upload-stored',
        payload: expect.objectContaining({
          patientRequestId: answer.patientRequestId,
          recordType: 'REPORTS',
          examDate: '2025-03-01',
          documents: [
            { documentId, key: KEY, fileName: 'report.pdf', contentType: 'application/pdf', size: 42 },
          ],
        }),
      },
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'records.self-upload-kept',
        resourceId: answer.patientRequestId,
        subjectId: 'u1',
      }),
    ]);
    expect(fake.transactions).toBe(1);
    expect(remove).not.toHaveBeenCalled();
  });

  it("files the record under the caller's family member, and answers 404 for anyone else's (file removed)", async () => {
    const ok = setup({ member: true });
    await ok.useCase.execute(who, input({ family_member_id: 'fm1' }), testCaller('u1'));
    expect(ok.insert).toHaveBeenCalledWith(
      ok.fake.tx,
      expect.objectContaining({ personId: 'fm1', firstName: 'Sam', lastName: 'Jordan' }),
    );
    const other = setup({ member: false });
    await expect(
      other.useCase.execute(who, input({ family_member_id: 'fm9' }), testCaller('u1')),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND', message: 'Family member not found' });
    expect(other.remove).toHaveBeenCalledWith(KEY);
    expect(other.fake.events).toEqual([]);
  });

  it('reads imaging as DICOM: no library document, the DICOM file announced; a damaged file is refused and removed', async () => {
    const bad = setup({ contentType: 'application/dicom' });
    await expect(
      bad.useCase.execute(
        who,
        input({ recordType: 'IMAGES', uploaded_images: [{ id: KEY, path: 'a.dcm', file_name: 'a.dcm' }] }),
        testCaller('u1'),
      ),
    ).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      message: expect.stringContaining('not a DICOM file'),
    });
    expect(bad.remove).toHaveBeenCalledWith(KEY);
    expect(bad.insert).not.toHaveBeenCalled();
  });

  it('refuses a key of another user or prefix and a used key without touching the file', async () => {
    const other = setup();
    await expect(
      other.useCase.execute(
        who,
        input({ uploaded_images: [{ id: 'records/self/u2/x', path: 'a.pdf', file_name: 'a.pdf' }] }),
        testCaller('u1'),
      ),
    ).rejects.toMatchObject({ code: 'REQUEST.VALIDATION_FAILED' });
    await expect(
      other.useCase.execute(
        who,
        input({ uploaded_images: [{ id: 'provider/r/d/x', path: 'a.pdf', file_name: 'a.pdf' }] }),
        testCaller('u1'),
      ),
    ).rejects.toMatchObject({ code: 'REQUEST.VALIDATION_FAILED' });
    expect(other.remove).not.toHaveBeenCalled();
    const used = setup({ used: true });
    await expect(used.useCase.execute(who, input(), testCaller('u1'))).rejects.toMatchObject({
      code: 'RESOURCE.CONFLICT',
    });
    expect(used.confirmUpload).not.toHaveBeenCalled();
    expect(used.remove).not.toHaveBeenCalled();
  });

  it("refuses a name the type does not take with the form's message, and removes the file the store refused by content", async () => {
    const byName = setup();
    await expect(
      byName.useCase.execute(
        who,
        input({ uploaded_images: [{ id: KEY, path: 'a.png', file_name: 'a.png' }] }),
        testCaller('u1'),
      ),
    ).rejects.toMatchObject({ message: 'Reports can only be a .pdf file' });
    expect(byName.remove).toHaveBeenCalledWith(KEY);
    const byContent = setup();
    byContent.confirmUpload.mockRejectedValue(invalidFileType());
    await expect(byContent.useCase.execute(who, input(), testCaller('u1'))).rejects.toMatchObject({
      code: 'FILE.INVALID_TYPE',
      message: 'Invalid file type',
    });
    expect(byContent.remove).toHaveBeenCalledWith(KEY);
  });

  it('a key kept concurrently (unique violation) is a conflict and the file stays with that record; other failures remove it', async () => {
    const raced = setup({ insertFails: Object.assign(new Error('duplicate key'), { code: '23505' }) });
    await expect(raced.useCase.execute(who, input(), testCaller('u1'))).rejects.toMatchObject({
      code: 'RESOURCE.CONFLICT',
    });
    expect(raced.remove).not.toHaveBeenCalled();
    const broken = setup({ insertFails: new Error('connection lost') });
    await expect(broken.useCase.execute(who, input(), testCaller('u1'))).rejects.toThrow('connection lost');
    expect(broken.remove).toHaveBeenCalledWith(KEY);
    expect(broken.fake.events).toEqual([]);
    expect(broken.fake.audit).toEqual([]);
  });

  it('turns 01/MM/YYYY into YYYY-MM-DD', () => {
    expect(isoExamDate('01/11/2024')).toBe('2024-11-01');
  });
});
