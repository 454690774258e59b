import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DownloadIdentifiers } from '../../attachments/download-identifiers';
import type { ScanRepository } from '../scan.repository';
import { aScan } from '../test-fixtures';
import { GetFindingDocument } from './get-finding-document';

describe('GetFindingDocument', () => {
  const setup = (doc: Record<string, unknown> | null) => {
    const fake = fakeUseCaseKit();
    const issue = jest.fn().mockResolvedValue({ identifier: 'dl' });
    const scans = stub<ScanRepository>({
      findOwned: jest.fn().mockResolvedValue(aScan()),
      document: jest.fn().mockResolvedValue(doc),
    });
    return {
      fake,
      issue,
      useCase: new GetFindingDocument(fake.kit, scans, stub<DownloadIdentifiers>({ issue })),
    };
  };

  it("answers a PDF report's download identifier", async () => {
    const { issue, useCase, fake } = setup({
      id: 'p1',
      kind: 'PDF_REPORT',
      value: { file_name: 'r.pdf' },
      blob_key: 'k',
      content_type: 'application/pdf',
    });
    await expect(useCase.execute('u1', 's1', 'f1', 'p1', testCaller('u1'))).resolves.toEqual({
      identifier: 'dl',
    });
    expect(issue).toHaveBeenCalledWith(fake.kit.db, 'u1', {
      blobKey: 'k',
      fileName: 'r.pdf',
      contentType: 'application/pdf',
    });
  });

  it("answers a key image's rendering by the imaging context", async () => {
    const { useCase } = setup({
      id: 'k1',
      kind: 'KEY_IMAGE',
      value: {
        study_instance_uid: '1.2',
        series_instance_uid: '1.2.3',
        sop_instance_uid: '1.2.3.4',
        frame: 1,
      },
    });
    await expect(useCase.execute('u1', 's1', 'f1', 'k1', testCaller('u1'))).resolves.toEqual({
      identifier: 'k1',
      url: '/api/dicomweb/studies/1.2/series/1.2.3/instances/1.2.3.4/rendered',
    });
  });

  it('answers 404 for a next step (no file) and for what the finding does not have', async () => {
    for (const doc of [null, { id: 'n', kind: 'NEXT_STEP', value: {} }])
      await expect(setup(doc).useCase.execute('u1', 's1', 'f1', 'n', testCaller('u1'))).rejects.toMatchObject(
        {
          message: 'Document not found',
        },
      );
  });
});
