import { ContextAudit, type PortalConfig } from '@portal/server-kit';
import { fakeUseCaseKit, testCaller } from '@portal/server-kit/testing';
import { type Account, UserRepository } from '../../accounts/user.repository';
import { AccountLinkRepository } from '../../links/account-link.repository';
import { sha256 } from '../../sessions/random-token';
import { IssueLoginAsLink } from './issue-login-as-link';

/**
 * mintLoginAsLink (shared with the support CLI) builds its own repositories and audit log rather than
 * taking them from the use case, so this spec stands in for their methods on the prototypes.
 */
describe('IssueLoginAsLink', () => {
  const user = { id: 'u1', email: 'pat@example.com', firstName: 'Pat', personId: 'p1' } as Account;
  const config = (supportApiKey?: string) =>
    ({ supportApiKey, publicUrl: 'https://portal.test' }) as Pick<
      PortalConfig,
      'supportApiKey' | 'publicUrl'
    >;

  let findByEmail: jest.SpyInstance;
  let audit: jest.SpyInstance;
  let retire: jest.SpyInstance;
  let insert: jest.SpyInstance;
  const arrange = (found: Account | null) => {
    findByEmail = jest.spyOn(UserRepository.prototype, 'findByEmail').mockResolvedValue(found);
    audit = jest.spyOn(ContextAudit.prototype, 'record').mockResolvedValue();
    retire = jest.spyOn(AccountLinkRepository.prototype, 'retire').mockResolvedValue();
    insert = jest.spyOn(AccountLinkRepository.prototype, 'insert').mockResolvedValue();
  };
  afterEach(() => jest.restoreAllMocks());

  it('with the support key mints a five-minute single-use link for the account, audited with the operator’s reason', async () => {
    arrange(user);
    const fake = fakeUseCaseKit();
    const before = Date.now();
    const { link } = await new IssueLoginAsLink(fake.kit, config('support-key-1')).execute(
      'support-key-1',
      { email: 'pat@example.com', reason: 'Ticket 4711' },
      testCaller(null),
    );
    expect(fake.transactions).toBe(1);
    expect(findByEmail).toHaveBeenCalledWith(fake.tx, 'pat@example.com');
    expect(audit).toHaveBeenCalledWith(fake.tx, testCaller(null), {
      actorId: null,
      action: 'auth.login-as-issued',
      resourceType: 'user',
      resourceId: 'u1',
      subjectId: 'u1',
      detail: { reason: 'Ticket 4711', via: 'api' },
    });
    expect(retire).toHaveBeenCalledWith(fake.tx, 'u1', ['LOGIN_AS']);
    const [[tx, stored]] = insert.mock.calls;
    expect(tx).toBe(fake.tx);
    expect(stored).toMatchObject({ userId: 'u1', purpose: 'LOGIN_AS', payload: null });
    expect(stored.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 5 * 60_000);
    expect(stored.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    const token = /^https:\/\/portal\.test\/loginAs\?token=([\w-]+)$/.exec(link)?.[1];
    expect(token && sha256(token)).toBe(stored.tokenHash);
  });

  it('answers 404 as if the route did not exist when no support key is configured', async () => {
    arrange(user);
    const fake = fakeUseCaseKit();
    await expect(
      new IssueLoginAsLink(fake.kit, config(undefined)).execute(
        'anything',
        { email: 'pat@example.com', reason: 'x' },
        testCaller(null),
      ),
    ).rejects.toMatchObject({
      code: 'REQUEST.NOT_FOUND',
      status: 404,
      message: 'Not found',
    });
    expect(fake.transactions).toBe(0);
    expect(findByEmail).not.toHaveBeenCalled();
    expect(insert).not.toHaveBeenCalled();
    expect(audit).not.toHaveBeenCalled();
  });

  it.each([
    ['a wrong key', 'support-key-2'],
    ['a key of another length', 'support-key-10'],
    ['no key', undefined],
  ])('refuses %s with 403 and mints nothing', async (_, given) => {
    arrange(user);
    const fake = fakeUseCaseKit();
    await expect(
      new IssueLoginAsLink(fake.kit, config('support-key-1')).execute(
        given,
        { email: 'pat@example.com', reason: 'x' },
        testCaller(null),
      ),
    ).rejects.toMatchObject({
      code: 'AUTH.FORBIDDEN',
      status: 403,
      message: 'You do not have access to this resource',
    });
    expect(fake.transactions).toBe(0);
    expect(findByEmail).not.toHaveBeenCalled();
    expect(insert).not.toHaveBeenCalled();
    expect(audit).not.toHaveBeenCalled();
  });

  it('answers 404 for an address no account has, storing and auditing nothing', async () => {
    arrange(null);
    const fake = fakeUseCaseKit();
    await expect(
      new IssueLoginAsLink(fake.kit, config('support-key-1')).execute(
        'support-key-1',
        { email: 'nobody@example.com', reason: 'x' },
        testCaller(null),
      ),
    ).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      status: 404,
      message: 'This email address is not associated with any account. Create a new account.',
    });
    expect(fake.transactions).toBe(0);
    expect(insert).not.toHaveBeenCalled();
    expect(audit).not.toHaveBeenCalled();
  });
});
