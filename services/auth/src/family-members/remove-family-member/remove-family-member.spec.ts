import type { FamilyMember } from '@portal/contracts';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { FamilyMemberRepository } from '../family-member.repository';
import { RemoveFamilyMember } from './remove-family-member';

const MEMBER_ID = '0b9a4c3e-2f1d-4e5a-8b7c-6d5e4f3a2b1c';

describe('RemoveFamilyMember', () => {
  const member: FamilyMember = {
    id: MEMBER_ID,
    first_name: 'Sam',
    last_name: 'Jordan',
    relationship: { id: 4, name: 'Child', mnemonic: 'CHILD' },
    relation: null,
  };

  const setup = (removed: FamilyMember | null) => {
    const fake = fakeUseCaseKit();
    const remove = jest.fn().mockResolvedValue(removed);
    return {
      fake,
      remove,
      useCase: new RemoveFamilyMember(fake.kit, stub<FamilyMemberRepository>({ remove }, 'familyMembers')),
    };
  };

  it('removes the user’s own member, audited with the caller’s address and request id', async () => {
    const { fake, remove, useCase } = setup(member);
    await expect(useCase.execute('u1', MEMBER_ID, testCaller('u1'))).resolves.toEqual({
      message: 'Entry has been deleted successfully',
    });
    expect(remove).toHaveBeenCalledWith(fake.tx, 'u1', MEMBER_ID);
    expect(fake.transactions).toBe(1);
    expect(fake.audit).toEqual([
      {
        action: 'identity.family-member-removed',
        resourceType: 'family-member',
        resourceId: MEMBER_ID,
        subjectId: 'u1',
        caller: { userId: 'u1', ip: '203.0.113.7', requestId: 'req-1' },
      },
    ]);
  });

  it('answers 404 "Family member not found" for a member the user does not own (or that does not exist), with no audit row', async () => {
    const { fake, useCase } = setup(null);
    await expect(useCase.execute('u1', MEMBER_ID, testCaller('u1'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      status: 404,
      message: 'Family member not found',
    });
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([]);
  });

  it('answers 404 for an id that is not a uuid without opening a transaction', async () => {
    const { fake, remove, useCase } = setup(member);
    await expect(useCase.execute('u1', 'not-a-uuid', testCaller('u1'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      status: 404,
      message: 'Family member not found',
    });
    expect(remove).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([]);
  });
});
