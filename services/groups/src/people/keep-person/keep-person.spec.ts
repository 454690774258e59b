import { stub } from '@portal/server-kit/testing';
import type { EventEnvelope, EventPayloads, EventType } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { aMembership } from '../../groups.fixtures';
import type { MembershipChanges } from '../../memberships/membership-changes';
import type { MembershipRepository } from '../../memberships/membership.repository';
import type { LinkInvitations } from '../link-invitations/link-invitations';
import type { PeopleRepository } from '../people.repository';
import { KeepPerson } from './keep-person';

const event = <T extends EventType>(type: T, payload: EventPayloads[T], sequence = 7): EventEnvelope<T> => ({
  id: 'e1',
  type,
  source: 'auth',
  occurredAt: '2026-01-01T00:00:00.000Z',
  sequence,
  payload,
});
const tx = {} as Tx;

describe('KeepPerson', () => {
  const setup = (o: { proved?: boolean; emailWritten?: boolean } = {}) => {
    const people = {
      registered: jest.fn(async () => true),
      named: jest.fn(async () => true),
      markProved: jest.fn(async () => o.proved ?? true),
      emailChanged: jest.fn(async () => o.emailWritten ?? true),
      identitySaved: jest.fn(),
      remove: jest.fn(),
    };
    const link = jest.fn(async () => 1);
    const lockLiveOfUser = jest.fn(async () => [aMembership({ status: 'ACTIVE' })]);
    const change = jest.fn(async (_tx, id: string, c: object) => aMembership({ id, ...c }));
    const record = jest.fn();
    const keep = new KeepPerson(
      stub<PeopleRepository>(people, 'people'),
      stub<MembershipRepository>({ lockLiveOfUser, change }, 'memberships'),
      stub<MembershipChanges>({ record }, 'changes'),
      stub<LinkInvitations>({ execute: link }, 'invitations'),
    );
    return { people, link, change, record, keep };
  };
  const registered = (emailVerified: boolean) =>
    event('auth.user-registered', {
      userId: 'p1',
      personId: 'person-1',
      email: 'pat@example.com',
      firstName: 'Pat',
      lastName: 'Jordan',
      roles: ['PATIENT'],
      emailVerified,
    });

  it('a sign-up whose address is proved already links the invitations waiting there', async () => {
    const { people, link, keep } = setup();
    await keep.registered(tx, registered(true));
    expect(people.registered).toHaveBeenCalledWith(tx, expect.objectContaining({ userId: 'p1' }), 7);
    expect(people.markProved).toHaveBeenCalledWith(tx, 'p1', 'pat@example.com');
    expect(link).toHaveBeenCalledWith(tx, 'p1', 'pat@example.com');
  });

  it('an unproved sign-up links nothing', async () => {
    const { people, link, keep } = setup();
    await keep.registered(tx, registered(false));
    expect(people.markProved).not.toHaveBeenCalled();
    expect(link).not.toHaveBeenCalled();
  });

  it('a proof of an address the account has left links nothing', async () => {
    const { link, keep } = setup({ proved: false });
    await keep.emailVerified(
      tx,
      event('auth.email-verified', { userId: 'p1', email: 'old@example.com', at: 'x' }),
    );
    expect(link).not.toHaveBeenCalled();
  });

  it('a confirmed change proves the new address; an older change than the one kept links nothing', async () => {
    const changed = event('auth.email-changed', {
      userId: 'p1',
      personId: 'person-1',
      oldEmail: 'pat@example.com',
      newEmail: 'pat.new@example.com',
    });
    const fresh = setup();
    await fresh.keep.emailChanged(tx, changed);
    expect(fresh.people.emailChanged).toHaveBeenCalledWith(tx, 'p1', 'pat.new@example.com', 7);
    expect(fresh.link).toHaveBeenCalledWith(tx, 'p1', 'pat.new@example.com');
    const late = setup({ emailWritten: false });
    await late.keep.emailChanged(tx, changed);
    expect(late.link).not.toHaveBeenCalled();
  });

  it('names follow auth at their version; a saved ID is kept', async () => {
    const { people, keep } = setup();
    await keep.named(
      tx,
      event('auth.profile-named', { userId: 'p1', personId: 'x', firstName: 'P', lastName: 'J' }, 9),
    );
    expect(people.named).toHaveBeenCalledWith(tx, expect.objectContaining({ firstName: 'P' }), 9);
    await keep.identitySaved(tx, event('auth.identity-saved', { userId: 'p1', at: 'x' }));
    expect(people.identitySaved).toHaveBeenCalledWith(tx, 'p1');
  });

  it('a removed account leaves every group, announced, and its person goes', async () => {
    const { people, change, record, keep } = setup();
    await keep.removed(tx, event('auth.account-removed', { userId: 'p1', personId: 'person-1' }));
    expect(change).toHaveBeenCalledWith(tx, 'm1', { status: 'LEFT', responded_at: expect.any(Date) });
    expect(record.mock.calls[0]![3]).toBe('groups.account-removed');
    expect(people.remove).toHaveBeenCalledWith(tx, 'p1');
  });
});
