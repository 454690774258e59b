import type { FamilyMember } from '@portal/contracts';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { FamilyMemberFields, FamilyMemberRepository } from '../family-member.repository';
import { SaveFamilyMember } from './save-family-member';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MEMBER_ID = '0b9a4c3e-2f1d-4e5a-8b7c-6d5e4f3a2b1c';

describe('SaveFamilyMember', () => {
  const fields: FamilyMemberFields = {
    firstName: 'Sam',
    lastName: 'Jordan',
    relationshipTypeId: 4,
    relation: null,
  };
  const saved = (id: string): FamilyMember => ({
    id,
    first_name: 'Sam',
    last_name: 'Jordan',
    relationship: { id: 4, name: 'Child', mnemonic: 'CHILD' },
    relation: null,
  });

  const setup = (updated: FamilyMember | null = saved(MEMBER_ID)) => {
    const fake = fakeUseCaseKit();
    const insert = jest.fn(async (_tx: unknown, _userId: string, id: string) => saved(id));
    const update = jest.fn().mockResolvedValue(updated);
    return {
      fake,
      insert,
      update,
      useCase: new SaveFamilyMember(
        fake.kit,
        stub<FamilyMemberRepository>({ insert, update }, 'familyMembers'),
      ),
    };
  };

  it('adds a member under a new id for the user, audited in the same transaction', async () => {
    const { fake, insert, update, useCase } = setup();
    const { message, member } = await useCase.execute('u1', fields, testCaller('u1'));
    expect(message).toBe('Entry has been saved successfully');
    expect(member.id).toMatch(UUID);
    expect(member).toEqual(saved(member.id));
    expect(insert).toHaveBeenCalledWith(fake.tx, 'u1', member.id, fields);
    expect(update).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(1);
    expect(fake.audit).toEqual([
      {
        actorId: 'u1',
        action: 'identity.family-member-added',
        resourceType: 'family-member',
        resourceId: member.id,
        subjectId: 'u1',
        caller: testCaller('u1'),
      },
    ]);
  });

  it('adds a member under the id a seed fixes', async () => {
    const { fake, insert, useCase } = setup();
    await expect(
      useCase.execute('u1', fields, testCaller(null), { newId: MEMBER_ID }),
    ).resolves.toMatchObject({ member: { id: MEMBER_ID } });
    expect(insert).toHaveBeenCalledWith(fake.tx, 'u1', MEMBER_ID, fields);
  });

  it('updates only the owner’s member, audited as an update', async () => {
    const { fake, insert, update, useCase } = setup();
    const changed = { ...fields, relationshipTypeId: 6, relation: 'Cousin' };
    await expect(
      useCase.execute('u1', changed, testCaller('u1'), { existingId: MEMBER_ID }),
    ).resolves.toEqual({ message: 'Entry has been saved successfully', member: saved(MEMBER_ID) });
    expect(update).toHaveBeenCalledWith(fake.tx, 'u1', MEMBER_ID, changed);
    expect(insert).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'identity.family-member-updated',
        resourceId: MEMBER_ID,
        subjectId: 'u1',
        actorId: 'u1',
      }),
    ]);
  });

  it('answers 404 "Family member not found" when the user owns no member of that id, with no audit row', async () => {
    const { fake, useCase } = setup(null);
    await expect(
      useCase.execute('u1', fields, testCaller('u1'), { existingId: MEMBER_ID }),
    ).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      status: 404,
      message: 'Family member not found',
    });
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([]);
  });

  it.each([{ existingId: 'not-a-uuid' }, { newId: '42' }])(
    'answers 404 for an id that is not a uuid (%p) without a transaction',
    async (target) => {
      const { fake, insert, update, useCase } = setup();
      await expect(useCase.execute('u1', fields, testCaller('u1'), target)).rejects.toMatchObject({
        code: 'RESOURCE.NOT_FOUND',
        message: 'Family member not found',
      });
      expect(insert).not.toHaveBeenCalled();
      expect(update).not.toHaveBeenCalled();
      expect(fake.transactions).toBe(0);
      expect(fake.audit).toEqual([]);
    },
  );
});
