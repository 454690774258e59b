import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { FamilyMemberRepository } from '../family/family-member.repository';
import { PersonScope } from './person-scope';

describe('PersonScope', () => {
  const user = { sub: 'u1', personId: 'p1' };
  const { kit } = fakeUseCaseKit();
  const findOwned = jest.fn(async (_db, _userId: string, id: string) =>
    id === 'fm1' ? { id, first_name: 'Kim', last_name: 'Jordan' } : null,
  );
  const scope = new PersonScope(stub<FamilyMemberRepository>({ findOwned }, 'family'));

  it("is all the caller's records without a personId, else the caller's own person or a family member", async () => {
    await expect(scope.resolve(kit.db, user, undefined)).resolves.toBeNull();
    await expect(scope.resolve(kit.db, user, 'p1')).resolves.toBe('p1');
    await expect(scope.resolve(kit.db, user, 'fm1')).resolves.toBe('fm1');
    expect(findOwned).toHaveBeenCalledWith(kit.db, 'u1', 'fm1');
  });

  it('answers 404 for anyone else', async () => {
    await expect(scope.resolve(kit.db, user, 'someone')).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Person not found',
    });
  });
});
