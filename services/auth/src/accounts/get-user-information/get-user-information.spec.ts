import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import { AccountRateLimit } from '../../limits/account-rate-limit';
import type { UserRepository } from '../user.repository';
import { GetUserInformation } from './get-user-information';

describe('GetUserInformation', () => {
  const setup = (personId: string | null, limit = 30) => {
    const fake = fakeUseCaseKit();
    const personIdOfEmail = jest.fn().mockResolvedValue(personId);
    const useCase = new GetUserInformation(
      fake.kit,
      stub<UserRepository>({ personIdOfEmail }, 'users'),
      new AccountRateLimit({ accountRateLimitPerMinute: limit }),
    );
    return { fake, personIdOfEmail, useCase };
  };

  it('answers the person id of the account with that address', async () => {
    const { fake, personIdOfEmail, useCase } = setup('p1');
    await expect(useCase.execute('pat@example.com')).resolves.toBe('p1');
    expect(personIdOfEmail).toHaveBeenCalledWith(fake.kit.db, 'pat@example.com');
  });

  it("answers 'Person entry not found' when no account has the address", async () => {
    await expect(setup(null).useCase.execute('nobody@example.com')).resolves.toBe('Person entry not found');
  });

  it('limits lookups per address and minute, answering 429 without looking up', async () => {
    const { personIdOfEmail, useCase } = setup('p1', 1);
    await useCase.execute('pat@example.com');
    await expect(useCase.execute(' Pat@Example.com ')).rejects.toMatchObject({
      code: 'AUTH.TOO_MANY_ATTEMPTS',
      status: 429,
      headers: { 'retry-after': expect.any(String) },
    });
    expect(personIdOfEmail).toHaveBeenCalledTimes(1);
  });
});
