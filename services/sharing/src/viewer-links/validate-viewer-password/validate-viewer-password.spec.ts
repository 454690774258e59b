import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import { tooManyPasswordAttempts } from '../../sharing.errors';
import { hashLinkPassword } from '../link-password';
import type { LinkTokens } from '../link-tokens';
import type { ViewerLink, ViewerLinkRepository } from '../viewer-link.repository';
import { aLink } from '../viewer-link.fixtures';
import type { ViewerPasswordRateLimit } from '../viewer-password-rate-limit';
import { ValidateViewerPassword } from './validate-viewer-password';

describe('ValidateViewerPassword', () => {
  const setup = async (link: ViewerLink | null, overLimit = false) => {
    const fake = fakeUseCaseKit();
    const hit = jest.fn(async () => {
      if (overLimit) throw tooManyPasswordAttempts(90);
    });
    const findAvailable = jest.fn(async () => link);
    const sign = jest.fn(async () => 'view-token');
    const useCase = new ValidateViewerPassword(
      fake.kit,
      stub<ViewerLinkRepository>(
        {
          findAvailable,
          studiesOf: jest.fn(async () => [{ studyInstanceUid: '1.2.3', patientRequestId: null }]),
        },
        'links',
      ),
      stub<LinkTokens>({ sign }, 'tokens'),
      stub<ViewerPasswordRateLimit>({ hit }, 'limit'),
    );
    return { fake, hit, findAvailable, sign, useCase };
  };
  const withPassword = async () => aLink({ passwordHash: await hashLinkPassword('Demo-viewer-1') });

  it('answers a view token of the link for the right password, and audits the attempt without the password', async () => {
    const { fake, hit, sign, useCase } = await setup(await withPassword());
    await expect(useCase.execute('l1', 'Demo-viewer-1', testCaller(null))).resolves.toEqual({
      token: 'view-token',
    });
    expect(hit).toHaveBeenCalledWith('l1', '203.0.113.7');
    expect(sign).toHaveBeenCalledWith(expect.objectContaining({ id: 'l1' }), ['1.2.3'], 'view');
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'sharing.viewer-password-attempt', detail: { right: true } }),
    ]);
    expect(JSON.stringify(fake.audit)).not.toContain('Demo-viewer-1');
  });

  it("answers a wrong password 400 with the page's message on the password field", async () => {
    const { fake, sign, useCase } = await setup(await withPassword());
    await expect(useCase.execute('l1', 'guess', testCaller(null))).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      message: "The password is not correct. Please check the patient's form and try again.",
      errors: { password: "The password is not correct. Please check the patient's form and try again." },
    });
    expect(sign).not.toHaveBeenCalled();
    expect(fake.audit.map((a) => a.detail)).toEqual([{ right: false }]);
  });

  it('refuses over the limit with 429 before reading the link, and answers 404 for a link that is not available', async () => {
    const limited = await setup(await withPassword(), true);
    await expect(limited.useCase.execute('l1', 'Demo-viewer-1', testCaller(null))).rejects.toMatchObject({
      code: 'AUTH.TOO_MANY_ATTEMPTS',
      headers: { 'retry-after': '90' },
    });
    expect(limited.findAvailable).not.toHaveBeenCalled();
    await expect((await setup(null)).useCase.execute('l1', 'x', testCaller(null))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
  });
});
