import type { MailService, PortalConfig } from '@portal/server-kit';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { AccountLinkRepository, AccountLinkRow } from '../../links/account-link.repository';
import { AccountLinks } from '../../links/account-links';
import { sha256 } from '../../sessions/random-token';
import { CheckPasswordLink } from './check-password-link';

describe('CheckPasswordLink', () => {
  const link = (over: Partial<AccountLinkRow> = {}): AccountLinkRow => ({
    id: 'l1',
    userId: 'u1',
    purpose: 'RESET_PASSWORD',
    expiresAt: new Date(Date.now() + 600_000),
    usedAt: null,
    payload: null,
    ...over,
  });

  const setup = (found: AccountLinkRow | null) => {
    const fake = fakeUseCaseKit();
    const lockByHash = jest.fn().mockResolvedValue(found);
    const markUsed = jest.fn();
    const links = new AccountLinks(
      fake.kit,
      { publicUrl: 'https://portal.test' } as PortalConfig,
      stub<MailService>({}, 'mailer'),
      stub<AccountLinkRepository>({ lockByHash, markUsed }, 'accountLinks'),
    );
    return { fake, lockByHash, markUsed, useCase: new CheckPasswordLink(fake.kit, links) };
  };

  it.each(['SET_PASSWORD', 'RESET_PASSWORD'])(
    'says a live %s link is valid, with its purpose, without using it up',
    async (purpose) => {
      const { fake, lockByHash, markUsed, useCase } = setup(link({ purpose }));
      await expect(useCase.execute('mailed-token')).resolves.toEqual({ valid: true, purpose });
      expect(lockByHash).toHaveBeenCalledWith(fake.tx, sha256('mailed-token'), [
        'SET_PASSWORD',
        'RESET_PASSWORD',
      ]);
      expect(markUsed).not.toHaveBeenCalled();
    },
  );

  it('answers 410 in the reset link’s own words for an expired reset link', async () => {
    const { markUsed, useCase } = setup(link({ expiresAt: new Date(Date.now() - 1000) }));
    await expect(useCase.execute('mailed-token')).rejects.toMatchObject({
      code: 'AUTH.LINK_EXPIRED',
      status: 410,
      message: 'The forgot password token has expired',
    });
    expect(markUsed).not.toHaveBeenCalled();
  });

  it.each([
    ['used set-password link', link({ purpose: 'SET_PASSWORD', usedAt: new Date() })],
    ['unknown token', null],
  ])('answers 410 "Link No Longer Valid" for a %s', async (_, found) => {
    const { useCase } = setup(found);
    await expect(useCase.execute('mailed-token')).rejects.toMatchObject({
      code: 'AUTH.LINK_EXPIRED',
      status: 410,
      message: 'Link No Longer Valid',
    });
  });
});
