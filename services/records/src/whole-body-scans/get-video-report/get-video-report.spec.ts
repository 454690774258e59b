import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DownloadIdentifiers } from '../../attachments/download-identifiers';
import type { ScanRepository } from '../scan.repository';
import { aScan } from '../test-fixtures';
import { GetVideoReport, VIDEO_IDENTIFIER_TTL_SECONDS } from './get-video-report';

describe('GetVideoReport', () => {
  const setup = (doc: Record<string, unknown> | null) => {
    const fake = fakeUseCaseKit();
    const issue = jest.fn().mockResolvedValue({ identifier: 'x'.repeat(43) });
    const scans = stub<ScanRepository>({
      findOwned: jest.fn().mockResolvedValue(aScan()),
      document: jest.fn().mockResolvedValue(doc),
    });
    return {
      fake,
      issue,
      useCase: new GetVideoReport(fake.kit, scans, stub<DownloadIdentifiers>({ issue })),
    };
  };

  it('answers the url of a long-lived download identifier of the video, audited', async () => {
    const { fake, issue, useCase } = setup({
      id: 'v1',
      kind: 'VIDEO_REPORT',
      value: { file_name: 'a.webm' },
      blob_key: 'records/wbs/u/k',
      content_type: 'video/webm',
    });
    await expect(useCase.execute('u1', 's1', 'v1', testCaller('u1'))).resolves.toEqual({
      url: `/api/download/${'x'.repeat(43)}`,
    });
    expect(issue).toHaveBeenCalledWith(
      fake.kit.db,
      'u1',
      { blobKey: 'records/wbs/u/k', fileName: 'a.webm', contentType: 'video/webm' },
      expect.any(Date),
      VIDEO_IDENTIFIER_TTL_SECONDS,
    );
    expect(fake.audit).toEqual([expect.objectContaining({ action: 'records.wbs-video-opened' })]);
  });

  it('answers 404 for a document that is no video of the scan', async () => {
    await expect(setup(null).useCase.execute('u1', 's1', 'v1', testCaller('u1'))).rejects.toMatchObject({
      message: 'Video report not found',
    });
    await expect(
      setup({ id: 'd', kind: 'PDF_REPORT', value: {}, blob_key: 'k' }).useCase.execute(
        'u1',
        's1',
        'd',
        testCaller('u1'),
      ),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
  });
});
