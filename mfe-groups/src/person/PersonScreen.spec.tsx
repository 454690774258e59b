import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { GROUPS_API, GROUP_MESSAGES } from '@portal/contracts';
import { clearActing, getActing, setRouteTable } from '@portal/session';
import { fakeApi, renderAt, signIn } from '../testing';
import { A1, G1, details, member } from '../test-fixtures';
import { PersonScreen } from './PersonScreen';

const ROUTE = '/groups/:groupId/user/:userId/:suffix';
const base = `/groups/${G1}/user/u1`;

describe('a person screen (decision 0027)', () => {
  beforeEach(() => {
    signIn();
    clearActing();
  });
  afterEach(() => setRouteTable('new'));

  it('info shows the membership and the screens the coordinator may open, and names the member for the banner', async () => {
    fakeApi({ [`GET ${GROUPS_API.getDetails}`]: [200, details()] });
    renderAt(`${base}/info`, <PersonScreen />, ROUTE);
    expect((await screen.findByTestId('member-facts')).textContent).toContain('p1@example.com');
    expect(screen.getByTestId('page-title').textContent).toBe('Pat1 Lee');
    expect(screen.getByTestId('member-permissions').textContent).toContain('Share records');
    expect(screen.getByTestId('person-link-myRecords').getAttribute('href')).toBe(`${base}/myRecords`);
    expect(screen.getByTestId('person-link-request').getAttribute('href')).toBe(`${base}/request`);
    expect(screen.queryByTestId('person-link-addRecords')).toBeNull();
    await waitFor(() =>
      expect(getActing()).toEqual({ base, memberName: 'Pat1 Lee', groupName: 'Care team' }),
    );
  });

  it("opens the patient's own screen under the person path", async () => {
    fakeApi({ [`GET ${GROUPS_API.getDetails}`]: [200, details()] });
    renderAt(`${base}/myRecords`, <PersonScreen />, ROUTE);
    await waitFor(() =>
      expect(screen.getByTestId('landed').textContent).toBe(`${base}/patient/my-records/all-requests`),
    );
    expect(getActing()?.memberName).toBe('Pat1 Lee');
  });

  it('opens the older table’s screen when that table is in use', async () => {
    setRouteTable('legacy');
    fakeApi({ [`GET ${GROUPS_API.getDetails}`]: [200, details()] });
    const Where = () => <p data-testid="where">{useLocation().pathname}</p>;
    renderAt(
      `/groupAdmin/${A1}/groups/${G1}/user/u1/request`,
      <>
        <PersonScreen />
        <Where />
      </>,
      '/groupAdmin/:adminId/groups/:groupId/user/:userId/:suffix',
    );
    // The wizard's page is another remote's: the groups area draws nothing there.
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        `/groupAdmin/${A1}/groups/${G1}/user/u1/requestRecord`,
      ),
    );
    expect(screen.queryByTestId('person')).toBeNull();
  });

  it('explains instead of opening: a permission missing, a member not active, no such member', async () => {
    fakeApi({ [`GET ${GROUPS_API.getDetails}`]: [200, details()] });
    const a = renderAt(`${base}/uploadImages`, <PersonScreen />, ROUTE);
    expect((await screen.findByTestId('person-refusal')).textContent).toBe(GROUP_MESSAGES.missingPermission);
    expect(getActing()).toBeNull();
    a.unmount();
    fakeApi({
      [`GET ${GROUPS_API.getDetails}`]: [200, details({ members: [member(1, { status: 'LEFT' })] })],
    });
    const b = renderAt(`${base}/myRecords`, <PersonScreen />, ROUTE);
    expect((await screen.findByTestId('person-refusal')).textContent).toBe(GROUP_MESSAGES.notActive);
    b.unmount();
    fakeApi({ [`GET ${GROUPS_API.getDetails}`]: [200, details()] });
    renderAt(`/groups/${G1}/user/nobody/myRecords`, <PersonScreen />, ROUTE);
    expect((await screen.findByTestId('person-refusal')).textContent).toBe(GROUP_MESSAGES.memberNotFound);
    expect(screen.getByTestId('person-back').getAttribute('href')).toBe(`/groups/${G1}`);
  });
});
