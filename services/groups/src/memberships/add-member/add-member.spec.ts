import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { AddMemberInput } from '@portal/contracts';
import { aGroup, aMembership, aPerson, staffOf } from '../../groups.fixtures';
import type { GroupAccess, StaffView } from '../../groups/group-access';
import type { PeopleRepository, PersonRow } from '../../people/people.repository';
import type { GroupMails } from '../group-mails';
import type { MembershipChanges } from '../membership-changes';
import type { MembershipRepository, NewMembership } from '../membership.repository';
import { AddMember } from './add-member';

const input = (over: Partial<AddMemberInput> = {}): AddMemberInput => ({
  groupId: 'g1',
  email: 'pat@example.com',
  firstName: 'Pat',
  lastName: 'Jordan',
  role: 'PATIENT',
  permissions: ['VIEW_RECORDS'],
  expiresAt: null,
  ...over,
});

describe('AddMember', () => {
  const setup = (
    o: { staff?: StaffView; person?: PersonRow | null; live?: boolean; insertError?: unknown } = {},
  ) => {
    const fake = fakeUseCaseKit();
    const insert = jest.fn(async (_tx, m: NewMembership) => {
      if (o.insertError) throw o.insertError;
      return aMembership({ ...m, invited_at: new Date('2026-01-01T00:00:00Z') });
    });
    const record = jest.fn();
    const invitation = jest.fn(async () => undefined);
    const useCase = new AddMember(
      fake.kit,
      stub<GroupAccess>({ staff: jest.fn(async () => o.staff ?? staffOf('MEDICAL_COORDINATOR')) }, 'access'),
      stub<MembershipRepository>(
        { live: jest.fn(async () => (o.live ? aMembership() : null)), insert },
        'memberships',
      ),
      stub<PeopleRepository>(
        {
          byEmail: jest.fn(async () => (o.person === undefined ? aPerson() : o.person)),
          find: jest.fn(async () => aPerson({ user_id: 'c1', first_name: 'Casey', last_name: 'Morgan' })),
        },
        'people',
      ),
      stub<MembershipChanges>({ record }, 'changes'),
      stub<GroupMails>({ invitation }, 'mails'),
    );
    return { fake, insert, record, invitation, useCase };
  };

  it('a coordinator invites a patient whose proved account holds the address: linked, recorded, mailed', async () => {
    const { fake, insert, record, invitation, useCase } = setup();
    const member = await useCase.execute('c1', input(), testCaller('c1'));
    expect(insert).toHaveBeenCalledWith(
      fake.tx,
      expect.objectContaining({ user_id: 'p1', status: 'PENDING', role: 'PATIENT', invited_by: 'c1' }),
    );
    expect(record).toHaveBeenCalledWith(
      fake.tx,
      expect.objectContaining({ user_id: 'p1' }),
      expect.objectContaining({ userId: 'c1' }),
      'groups.member-invited',
      expect.anything(),
    );
    expect(invitation).toHaveBeenCalledWith(
      expect.objectContaining({
        to: 'pat@example.com',
        groupName: 'Cardiology Patients',
        inviterName: 'Casey Morgan',
        linked: true,
        unprovedAccount: false,
      }),
    );
    expect(member).toMatchObject({ userId: 'p1', status: 'PENDING', permissions: ['VIEW_RECORDS'] });
    expect(fake.transactions).toBe(1);
  });

  it('an address with no account: an e-mail invitation (no account id) with a sign-up link', async () => {
    const { insert, invitation, useCase } = setup({ person: null });
    await useCase.execute('c1', input(), testCaller('c1'));
    expect(insert).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ user_id: null }));
    expect(invitation).toHaveBeenCalledWith(
      expect.objectContaining({ linked: false, unprovedAccount: false }),
    );
  });

  it('an account whose owner never proved the address gets nothing: the invitation waits for the proof', async () => {
    const { insert, invitation, useCase } = setup({ person: aPerson({ email_verified: false }) });
    await useCase.execute('c1', input(), testCaller('c1'));
    expect(insert).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ user_id: null }));
    expect(invitation).toHaveBeenCalledWith(
      expect.objectContaining({ linked: false, unprovedAccount: true }),
    );
  });

  it('keeps the expiry day to its end (UTC)', async () => {
    const { insert, useCase } = setup();
    await useCase.execute('c1', input({ expiresAt: '2099-03-01' }), testCaller('c1'));
    expect(insert.mock.calls[0]![1].expires_at).toEqual(new Date('2099-03-01T23:59:59.999Z'));
  });

  const refusals: Array<{
    what: string;
    given: AddMemberInput;
    o?: Parameters<typeof setup>[0];
    code: string;
    message?: string;
  }> = [
    {
      what: 'a coordinator inviting a coordinator',
      given: input({ role: 'MEDICAL_COORDINATOR' }),
      code: 'AUTH.FORBIDDEN',
    },
    {
      what: 'a patient invitation asking nothing',
      given: input({ permissions: [] }),
      code: 'REQUEST.VALIDATION_FAILED',
      message: 'Choose at least one permission',
    },
    { what: 'a second live membership', given: input(), o: { live: true }, code: 'RESOURCE.CONFLICT' },
    {
      what: 'an admin group',
      given: input(),
      o: {
        staff: staffOf('GROUP_ADMIN', {
          group: aGroup({ organization_type: 'ADMIN_GROUP', parent_id: null }),
        }),
      },
      code: 'REQUEST.VALIDATION_FAILED',
      message: 'Members are added to a patient group',
    },
    {
      what: 'a day the calendar has not',
      given: input({ expiresAt: '2099-02-31' }),
      code: 'REQUEST.VALIDATION_FAILED',
      message: 'Expiry must be a date (YYYY-MM-DD)',
    },
  ];
  it.each(refusals)('refuses $what, inviting and mailing nobody', async ({ given, o, code, message }) => {
    const { fake, insert, invitation, useCase } = setup(o);
    await expect(useCase.execute('c1', given, testCaller('c1'))).rejects.toMatchObject({
      code,
      ...(message ? { message } : {}),
    });
    expect(insert).not.toHaveBeenCalled();
    expect(invitation).not.toHaveBeenCalled();
    expect(fake.events).toEqual([]);
  });

  it('an admin may invite a coordinator with no permissions yet', async () => {
    const { insert, useCase } = setup({ staff: staffOf('GROUP_ADMIN') });
    await useCase.execute('a1', input({ role: 'MEDICAL_COORDINATOR', permissions: [] }), testCaller('a1'));
    expect(insert).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ role: 'MEDICAL_COORDINATOR' }),
    );
  });

  it('two invitations of one person at once: the unique index keeps one, the other is a 409', async () => {
    const { invitation, useCase } = setup({
      insertError: Object.assign(new Error('dup'), { code: '23505' }),
    });
    await expect(useCase.execute('c1', input(), testCaller('c1'))).rejects.toMatchObject({
      code: 'RESOURCE.CONFLICT',
      message: 'pat@example.com is already a member of this group or has an invitation waiting',
    });
    expect(invitation).not.toHaveBeenCalled();
  });
});
