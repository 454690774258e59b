import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import { aMembership } from '../groups.fixtures';
import type { ActTrail } from '../acts/act-trail';
import type { MembershipRepository, MembershipSnapshotRow } from './membership.repository';
import { MembershipChanges } from './membership-changes';

describe('MembershipChanges', () => {
  const setup = (snapshot: Partial<MembershipSnapshotRow> = {}) => {
    const fake = fakeUseCaseKit();
    const record = jest.fn();
    const changes = new MembershipChanges(
      fake.kit,
      stub<MembershipRepository>(
        {
          snapshot: jest.fn(async () => ({
            ...aMembership({
              status: 'ACTIVE',
              permissions: ['UPLOAD_RECORDS', 'VIEW_RECORDS'],
              expires_at: new Date('2099-01-01T23:59:59.999Z'),
              version: '4',
            }),
            parent_id: 'a1',
            person_id: 'person-1',
            proved_email: 'pat.new@example.com',
            group_name: 'Cardiology Patients',
            ...snapshot,
          })),
        },
        'memberships',
      ),
      stub<ActTrail>({ record }, 'trail'),
    );
    return { fake, record, changes };
  };

  it('announces the whole membership at its version and writes its audit row and act, in the same transaction', async () => {
    const { fake, record, changes } = setup();
    await fake.kit.transaction((tx) =>
      changes.record(tx, aMembership({ status: 'ACTIVE' }), testCaller('p1'), 'groups.invite-accepted'),
    );
    expect(fake.events).toEqual([
      {
        type: 'groups.membership-changed',
        payload: {
          membershipId: 'm1',
          groupId: 'g1',
          parentGroupId: 'a1',
          userId: 'p1',
          personId: 'person-1',
          email: 'pat.new@example.com',
          role: 'PATIENT',
          status: 'ACTIVE',
          permissions: ['VIEW_RECORDS', 'UPLOAD_RECORDS'],
          expiresAt: '2099-01-01T23:59:59.999Z',
          version: 4,
          groupName: 'Cardiology Patients',
        },
      },
    ]);
    expect(record).toHaveBeenCalledWith(fake.tx, expect.objectContaining({ userId: 'p1' }), {
      groupId: 'g1',
      memberId: 'p1',
      action: 'groups.invite-accepted',
      resourceType: 'membership',
      resourceId: 'm1',
      detail: { role: 'PATIENT', status: 'ACTIVE' },
    });
  });

  it('an invitation to an address nobody proved is announced to nobody, but logged', async () => {
    const { fake, record, changes } = setup();
    await fake.kit.transaction((tx) =>
      changes.record(tx, aMembership({ user_id: null }), testCaller('c1'), 'groups.member-invited'),
    );
    expect(fake.events).toEqual([]);
    expect(record).toHaveBeenCalledWith(
      fake.tx,
      expect.anything(),
      expect.objectContaining({ memberId: null, action: 'groups.member-invited' }),
    );
  });

  it('the address of a member who never proved theirs is the one invited', async () => {
    const { fake, changes } = setup({ proved_email: null });
    await fake.kit.transaction((tx) =>
      changes.record(tx, aMembership(), testCaller('c1'), 'groups.member-invited'),
    );
    expect(fake.events[0]!.payload).toMatchObject({ email: 'pat@example.com' });
  });
});
