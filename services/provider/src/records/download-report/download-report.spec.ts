import type { BlobStore } from '@portal/server-kit';
import { stub } from '@portal/server-kit/testing';
import { ReportLinks } from '../report-links';
import { DownloadReport } from './download-report';

describe('DownloadReport', () => {
  const links = new ReportLinks({ dataDir: '/tmp/unused', viewerTokenSecret: 'test-secret' });
  const read = jest.fn().mockResolvedValue(Buffer.from('%PDF-1.4'));
  const useCase = new DownloadReport(stub<BlobStore>({ read }), links);

  it('serves the file a live identifier names', async () => {
    const identifier = await links.issue(
      { key: 'provider/r1/d1/k', contentType: 'application/pdf', fileName: 'report.pdf' },
      60,
    );
    await expect(useCase.execute(identifier)).resolves.toEqual({
      bytes: Buffer.from('%PDF-1.4'),
      contentType: 'application/pdf',
      fileName: 'report.pdf',
    });
    expect(read).toHaveBeenCalledWith('provider/r1/d1/k');
  });

  it('answers 404 for an altered, forged or expired identifier, reading nothing', async () => {
    read.mockClear();
    const identifier = await links.issue({ key: 'k', contentType: 'application/pdf', fileName: 'a.pdf' }, 60);
    const altered = `${identifier.slice(0, -3)}${identifier.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const forged = await new ReportLinks({
      dataDir: '/tmp/unused',
      viewerTokenSecret: 'another-installation',
    }).issue({ key: 'k', contentType: 'application/pdf', fileName: 'a.pdf' }, 60);
    const expired = await links.issue({ key: 'k', contentType: 'application/pdf', fileName: 'a.pdf' }, -1);
    for (const bad of [altered, forged, expired]) {
      await expect(useCase.execute(bad)).rejects.toMatchObject({
        code: 'RESOURCE.NOT_FOUND',
        message: 'This report link has expired. Please open the report again.',
      });
    }
    expect(read).not.toHaveBeenCalled();
  });
});
