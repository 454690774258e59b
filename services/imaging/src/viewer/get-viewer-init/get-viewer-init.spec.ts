import { unauthenticated } from '@portal/server-kit';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { ReaderRequest, StudyAccess } from '../../studies/study-access/study-access';
import { GetViewerInit } from './get-viewer-init';

describe('GetViewerInit', () => {
  const readerOf = jest.fn(async (_db, req: ReaderRequest) => {
    if (req.headers['image-viewer-token'] === 'good') return { grant: { sub: 'link:x', owner: 'u1', studies: ['1.2.3'], purpose: 'view' as const } };
    throw unauthenticated();
  });
  const useCase = new GetViewerInit(fakeUseCaseKit().kit, { imageIntervalMs: 66 }, stub<StudyAccess>({ readerOf }, 'access'));

  it('answers the interval and the DICOMweb root without a token, checking nothing', async () => {
    await expect(useCase.execute(undefined)).resolves.toEqual({ image_interval: 66, dicomweb_root: '/api/dicomweb', studies: [], token_valid: false });
    expect(readerOf).not.toHaveBeenCalled();
  });

  it("lists a valid token's studies", async () => {
    await expect(useCase.execute('good')).resolves.toMatchObject({ studies: ['1.2.3'], token_valid: true });
  });

  it('answers a token that no longer works as not valid rather than refusing', async () => {
    await expect(useCase.execute('expired')).resolves.toMatchObject({ studies: [], token_valid: false });
  });
});
