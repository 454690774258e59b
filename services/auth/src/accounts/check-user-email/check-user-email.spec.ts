import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import { AccountRateLimit } from '../../limits/account-rate-limit';
import type { UserRepository } from '../user.repository';
import { CheckUserEmail } from './check-user-email';

describe('CheckUserEmail', () => {
  const setup = (exists: boolean, limit = 30) => {
    const fake = fakeUseCaseKit();
    const existsByEmail = jest.fn().mockResolvedValue(exists);
    const useCase = new CheckUserEmail(
      fake.kit,
      stub<UserRepository>({ existsByEmail }, 'users'),
      new AccountRateLimit({ accountRateLimitPerMinute: limit }),
    );
    return { fake, existsByEmail, useCase };
  };

  it('tells whether an account uses the address', async () => {
    const taken = setup(true);
    await expect(taken.useCase.execute('pat@example.com')).resolves.toEqual({ userExist: true });
    expect(taken.existsByEmail).toHaveBeenCalledWith(taken.fake.kit.db, 'pat@example.com');
    await expect(setup(false).useCase.execute('free@example.com')).resolves.toEqual({ userExist: false });
  });

  it.each(['not-an-email', 'pat@example', 'pat @example.com', '@example.com'])(
    'refuses the malformed address %p with 400 without looking it up',
    async (email) => {
      const { existsByEmail, useCase } = setup(true);
      await expect(useCase.execute(email)).rejects.toMatchObject({
        code: 'REQUEST.VALIDATION_FAILED',
        status: 400,
        message: 'Please enter a valid email',
      });
      expect(existsByEmail).not.toHaveBeenCalled();
    },
  );

  it('limits lookups per address (whatever its case) and minute, answering 429 before any lookup', async () => {
    const { existsByEmail, useCase } = setup(false, 2);
    await useCase.execute('pat@example.com');
    await useCase.execute('PAT@example.com');
    await expect(useCase.execute('Pat@Example.com')).rejects.toMatchObject({
      code: 'AUTH.TOO_MANY_ATTEMPTS',
      status: 429,
    });
    expect(existsByEmail).toHaveBeenCalledTimes(2);
    // Another address has its own allowance.
    await expect(useCase.execute('sam@example.com')).resolves.toEqual({ userExist: false });
  });

  it('does not count a malformed address against the allowance', async () => {
    const { useCase } = setup(true, 1);
    await expect(useCase.execute('pat@example')).rejects.toMatchObject({ status: 400 });
    await expect(useCase.execute('pat@example.com')).resolves.toEqual({ userExist: true });
  });
});
