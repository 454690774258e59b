import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { AttachmentRepository } from '../attachment.repository';
import type { SharedAccess } from '../../library/shared-access';
import { aDocument, aRequest, aStudy } from '../test-fixtures';
import { GetAttachments } from './get-attachments';

describe('GetAttachments', () => {
  const report = aDocument();
  const photo = aDocument({
    id: 'd2',
    document_request_type: 'OTHERS',
    file_name: 'photo.png',
    content_type: 'image/png',
  });
  const setup = (
    found: { request?: boolean; study?: boolean; document?: boolean },
    shared?: SharedAccess,
  ) => {
    const fake = fakeUseCaseKit();
    const repo = stub<AttachmentRepository>({
      // The request is u1's: anyone else finds it only through a share.
      findOwnedRequest: jest.fn(async (_db: unknown, userId: string) =>
        found.request === false || userId !== 'u1' ? null : aRequest(),
      ),
      findStudy: jest.fn().mockResolvedValue(found.study ? aStudy() : null),
      findDocument: jest.fn().mockResolvedValue(found.document ? photo : null),
      listDocuments: jest.fn().mockResolvedValue([report, photo]),
    });
    return { fake, useCase: new GetAttachments(fake.kit, repo, shared) };
  };

  it("lists a study's request documents (reports first, as the repository orders them) with the enhanceable flag, audited", async () => {
    const { fake, useCase } = setup({ study: true });
    const list = await useCase.execute('u1', 'r1', 's1', testCaller('u1'));
    expect(list).toEqual([
      {
        id: 'd1',
        file_name: 'report.pdf',
        content_type: 'application/pdf',
        document_request_id: 'dr1',
        document_request_type: 'REPORTS',
        created: '2025-02-02T10:00:00.000Z',
        enhanceable: true,
      },
      expect.objectContaining({ id: 'd2', enhanceable: false }),
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'records.attachments-read', resourceId: 'r1', subjectId: 'u1' }),
    ]);
  });

  it("lists the same documents to a person the study is shared with, none of them enhanceable (the enhanced report is the owner's alone)", async () => {
    const shared = stub<SharedAccess>({
      ownerOfRequest: jest.fn().mockResolvedValue('u1'),
      canSee: jest.fn().mockResolvedValue(true),
    });
    const { useCase } = setup({ study: true }, shared);
    const list = await useCase.execute('u9', 'r1', 's1', testCaller('u9'));
    expect(list.map((a) => [a.id, a.enhanceable])).toEqual([
      ['d1', false],
      ['d2', false],
    ]);
  });

  it('answers a document with itself', async () => {
    const { useCase } = setup({ document: true });
    expect((await useCase.execute('u1', 'r1', 'd2', testCaller('u1'))).map((a) => a.id)).toEqual(['d2']);
  });

  it("answers 404 for another user's request or an unknown response, auditing nothing", async () => {
    const other = setup({ request: false, study: true });
    await expect(other.useCase.execute('u2', 'r1', 's1', testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Record not found',
    });
    const unknown = setup({});
    await expect(unknown.useCase.execute('u1', 'r1', 'x', testCaller('u1'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect([...other.fake.audit, ...unknown.fake.audit]).toEqual([]);
  });
});
