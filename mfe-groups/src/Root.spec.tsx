import { screen, waitFor } from '@testing-library/react';
import { GROUPS_API, PENDING_APPROVAL_API } from '@portal/contracts';
import { fakeApi, renderAt, signIn } from './testing';
import { G1, details } from './test-fixtures';
import { Root } from './Root';

describe('the groups area’s routes', () => {
  beforeEach(() => signIn());

  it('opens a member’s info from the bare person path', async () => {
    fakeApi({ [`GET ${GROUPS_API.getDetails}`]: [200, details()] });
    renderAt(`/groups/${G1}/user/u1`, <Root />, '*');
    expect(await screen.findByTestId('member-facts')).toBeTruthy();
  });

  it("draws nothing on a patient page under a person path (another remote's)", async () => {
    const calls = fakeApi({});
    const { container } = renderAt(`/groups/${G1}/user/u1/patient/my-records/all-requests`, <Root />, '*');
    await waitFor(() => expect(container.textContent).toBe(''));
    expect(calls).toEqual([]);
  });

  it('opens the invitations page for any signed-in user', async () => {
    fakeApi({
      [`GET ${PENDING_APPROVAL_API.loadGrid}`]: [200, []],
      [`GET ${GROUPS_API.myMemberships}`]: [200, []],
      [`GET ${GROUPS_API.onMyBehalf}`]: [200, { rows: [], total: 0, page: 1, size: 10 }],
    });
    renderAt('/pendingApproval', <Root />, '*');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Groups and coordinators');
  });
});
