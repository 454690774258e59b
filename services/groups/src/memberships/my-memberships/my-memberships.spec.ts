import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { MembershipRepository } from '../membership.repository';
import { MyMemberships } from './my-memberships';

describe('MyMemberships', () => {
  it("lists the caller's own pending and active memberships", async () => {
    const ofUser = jest.fn(async () => []);
    await new MyMemberships(
      fakeUseCaseKit().kit,
      stub<MembershipRepository>({ ofUser }, 'memberships'),
    ).execute('p1');
    expect(ofUser).toHaveBeenCalledWith(expect.anything(), 'p1', ['PENDING', 'ACTIVE']);
  });
});
