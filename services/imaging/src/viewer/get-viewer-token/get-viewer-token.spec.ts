import type { ViewerTokens } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { StudyAccess } from '../../studies/study-access/study-access';
import { GetViewerToken } from './get-viewer-token';

describe('GetViewerToken', () => {
  const setup = () => {
    const fake = fakeUseCaseKit();
    const ownerVisibleTo = jest.fn(async (_db, user: string, study: string) => (user === 'u1' && study === '1.2.3' ? 'u1' : null));
    const sign = jest.fn(async () => 'signed.jwt');
    const useCase = new GetViewerToken(fake.kit, stub<StudyAccess>({ ownerVisibleTo }, 'access'), stub<ViewerTokens>({ sign }, 'tokens'));
    return { fake, sign, useCase };
  };

  it("signs a view token for the owner's study alone, for VIEWER_TOKEN_TTL_SECONDS, and audits it", async () => {
    const { fake, sign, useCase } = setup();
    await expect(useCase.execute('u1', '1.2.3', testCaller('u1'))).resolves.toEqual({ jwt: 'signed.jwt', study_available: true });
    expect(sign).toHaveBeenCalledWith({ sub: 'u1', owner: 'u1', studies: ['1.2.3'], purpose: 'view' }, 4 * 3600);
    expect(fake.audit).toEqual([expect.objectContaining({ action: 'imaging.viewer-token', resourceId: '1.2.3', subjectId: 'u1', detail: { issued: true } })]);
  });

  it("answers a stranger's study, an unknown one and a UID that is no UID alike: no token, not available", async () => {
    const { fake, sign, useCase } = setup();
    for (const [user, study] of [['u2', '1.2.3'], ['u1', '9.9'], ['u1', '../x']]) {
      await expect(useCase.execute(user, study, testCaller(user))).resolves.toEqual({ jwt: null, study_available: false });
    }
    expect(sign).not.toHaveBeenCalled();
    expect(fake.audit.map((a) => a.detail)).toEqual([{ issued: false }, { issued: false }, { issued: false }]);
  });
});
