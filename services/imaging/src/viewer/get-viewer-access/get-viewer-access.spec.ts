import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { ViewerTokens } from '@portal/server-kit';
import type { StudyAccess } from '../../studies/study-access/study-access';
import { GetViewerAccess } from './get-viewer-access';

describe('GetViewerAccess', () => {
  const { kit, audit } = fakeUseCaseKit();
  const decide = jest.fn(async (_db, userId: string, study: string) =>
    userId === 'u1' && study === '1.2.3' ? { owner: 'u1', reason: { kind: 'owner' as const } } : null,
  );
  const sign = jest.fn(async () => 'jwt');
  const useCase = new GetViewerAccess(
    kit,
    stub<StudyAccess>({ decide }, 'access'),
    stub<ViewerTokens>({ sign }, 'tokens'),
  );
  const caller = { userId: 'u1' } as never;

  it('issues a view token for exactly the study to a user who sees it, and audits it', async () => {
    await expect(useCase.execute('u1', '1.2.3', caller)).resolves.toEqual({
      jwt: 'jwt',
      study_available: true,
    });
    expect(sign).toHaveBeenCalledWith(
      { sub: 'u1', owner: 'u1', studies: ['1.2.3'], purpose: 'view' },
      expect.any(Number),
    );
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'imaging.viewer-token-issued',
        resourceId: '1.2.3',
        caller,
        detail: { access: 'owner' },
      }),
    ]);
  });

  it("answers study_available false, with no token, for another user's study, a missing one and a malformed uid alike", async () => {
    sign.mockClear();
    for (const [user, study] of [
      ['u2', '1.2.3'],
      ['u1', '9.9'],
      ['u1', '../x'],
    ]) {
      await expect(useCase.execute(user, study, caller)).resolves.toEqual({
        jwt: null,
        study_available: false,
      });
    }
    expect(sign).not.toHaveBeenCalled();
  });
});
