import type { ViewerGrant } from '@portal/contracts';
import { unauthenticated } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { LinkTokens } from '../link-tokens';
import type { ViewerLink, ViewerLinkRepository } from '../viewer-link.repository';
import { aLink } from '../viewer-link.fixtures';
import { DownloadViewerStudies } from './download-viewer-studies';

describe('DownloadViewerStudies', () => {
  const setup = (link: ViewerLink | null) => {
    const fake = fakeUseCaseKit();
    const grantOf = jest.fn(async (t: string): Promise<ViewerGrant> => {
      if (!t.startsWith('view-of-')) throw unauthenticated();
      return {
        sub: 'link:x',
        owner: 'u1',
        studies: ['1.2.3'],
        link: t.slice('view-of-'.length),
        purpose: 'view',
      };
    });
    const sign = jest.fn(async () => 'dl.token');
    const links = stub<ViewerLinkRepository>(
      {
        findAvailable: jest.fn(async () => link),
        studiesOf: jest.fn(async () => [{ studyInstanceUid: '1.2.3', patientRequestId: null }]),
      },
      'links',
    );
    return {
      fake,
      sign,
      useCase: new DownloadViewerStudies(fake.kit, links, stub<LinkTokens>({ grantOf, sign }, 'tokens')),
    };
  };

  it('answers the archive url with a download token of the link, audited', async () => {
    const { fake, sign, useCase } = setup(aLink());
    await expect(useCase.execute('l1', 'view-of-l1', testCaller(null))).resolves.toEqual({
      isError: false,
      message: '',
      url: '/api/imaging/archive/dl.token',
    });
    expect(sign).toHaveBeenCalledWith(aLink(), ['1.2.3'], 'download');
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'sharing.viewer-download', resourceId: 'l1' }),
    ]);
  });

  it('answers isError with the message for a link no longer available', async () => {
    await expect(setup(null).useCase.execute('l1', 'view-of-l1', testCaller(null))).resolves.toEqual({
      isError: true,
      message: 'This link is no longer available. Please ask the patient for a new one.',
      url: null,
    });
  });

  it("refuses no token and a bad one (401) and another link's token (403)", async () => {
    const { sign, useCase } = setup(aLink());
    await expect(useCase.execute('l1', undefined, testCaller(null))).rejects.toMatchObject({
      code: 'AUTH.UNAUTHENTICATED',
    });
    await expect(useCase.execute('l1', 'junk', testCaller(null))).rejects.toMatchObject({
      code: 'AUTH.UNAUTHENTICATED',
    });
    await expect(useCase.execute('l1', 'view-of-l2', testCaller(null))).rejects.toMatchObject({
      code: 'AUTH.FORBIDDEN',
    });
    expect(sign).not.toHaveBeenCalled();
  });
});
