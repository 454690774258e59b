import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { RecipientRepository } from '../recipient.repository';
import { ListSharedUsers } from './list-shared-users';

describe('ListSharedUsers', () => {
  it("lists only the people the caller shares with", async () => {
    const listByOwner = jest.fn().mockResolvedValue([]);
    await expect(new ListSharedUsers(fakeUseCaseKit().kit, stub<RecipientRepository>({ listByOwner }, 'recipients')).execute('u1')).resolves.toEqual([]);
    expect(listByOwner).toHaveBeenCalledWith(expect.anything(), 'u1');
  });
});
