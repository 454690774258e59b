import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import { AccountRateLimit } from '../../limits/account-rate-limit';
import type { Account, UserRepository } from '../user.repository';
import { GetUserInformation } from './get-user-information';
import { patientAccount } from '../../../test/fixtures';

describe('GetUserInformation', () => {
  const setup = (me: Account | null = patientAccount(), limit = 30) => {
    const fake = fakeUseCaseKit();
    const findById = jest.fn().mockResolvedValue(me);
    const useCase = new GetUserInformation(
      fake.kit,
      stub<UserRepository>({ findById }, 'users'),
      new AccountRateLimit({ accountRateLimitPerMinute: limit }),
    );
    return { fake, findById, useCase };
  };

  it("answers the caller's own person id for the caller's own address, whatever its case and spaces", async () => {
    const { fake, findById, useCase } = setup();
    await expect(useCase.execute({ sub: 'u1' }, ' Pat@Example.com ')).resolves.toBe('p1');
    expect(findById).toHaveBeenCalledWith(fake.kit.db, 'u1');
  });

  it("answers 'Person entry not found' for any other address, reading only the caller's account (another account's existence makes no difference)", async () => {
    const { findById, useCase } = setup();
    await expect(useCase.execute({ sub: 'u1' }, 'someone.else@example.com')).resolves.toBe(
      'Person entry not found',
    );
    await expect(useCase.execute({ sub: 'u1' }, 'nobody@example.com')).resolves.toBe(
      'Person entry not found',
    );
    expect(findById.mock.calls.map(([, id]) => id)).toEqual(['u1', 'u1']);
  });

  it("answers 'Person entry not found' when the caller's account is gone", async () => {
    await expect(setup(null).useCase.execute({ sub: 'u1' }, 'pat@example.com')).resolves.toBe(
      'Person entry not found',
    );
  });

  it('limits lookups per address and minute, answering 429 without reading', async () => {
    const { findById, useCase } = setup(patientAccount(), 1);
    await useCase.execute({ sub: 'u1' }, 'pat@example.com');
    await expect(useCase.execute({ sub: 'u1' }, ' Pat@Example.com ')).rejects.toMatchObject({
      code: 'AUTH.TOO_MANY_ATTEMPTS',
      status: 429,
      headers: { 'retry-after': expect.any(String) },
    });
    expect(findById).toHaveBeenCalledTimes(1);
  });
});
