import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import { unauthenticated } from '@portal/server-kit';
import type { StudyAccess } from '../../studies/study-access/study-access';
import { ViewerInit } from './viewer-init';

describe('ViewerInit', () => {
  const readerOf = jest.fn(async (_db, credentials: { viewerToken?: string }) => {
    if (credentials.viewerToken !== 'good') throw unauthenticated();
    return {
      grant: { sub: 'link:x', owner: 'u1', studies: ['1.2.3'], purpose: 'view' as const },
      decision: { owner: 'u1', reason: { kind: 'link' as const, linkId: 'x' } },
    };
  });
  const init = new ViewerInit(
    fakeUseCaseKit().kit,
    { imageIntervalMs: 66 },
    stub<StudyAccess>({ readerOf }, 'access'),
  );

  it('answers the server interval, alone and in init', async () => {
    expect(init.interval()).toEqual({ value: 66 });
    await expect(init.execute(undefined)).resolves.toEqual({
      image_interval: 66,
      dicomweb_root: '/api/dicomweb',
      studies: [],
      token_valid: false,
    });
  });

  it('names the studies of a working token, and says so when a token no longer works (no error)', async () => {
    await expect(init.execute('good')).resolves.toMatchObject({ studies: ['1.2.3'], token_valid: true });
    await expect(init.execute('stale')).resolves.toMatchObject({ studies: [], token_valid: false });
  });
});
