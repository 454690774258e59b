import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { AUTH_API, MESSAGES } from '@portal/contracts';
import { getToken } from '@portal/session';
import { fakeApi, renderAt, signIn, type FakeRoutes } from '../components/testing';
import AccountRemovalScreen from './AccountRemovalScreen';

const REQUEST = `POST ${AUTH_API.accountRemovalRequest}`;
const CONFIRM = `POST ${AUTH_API.confirmAccountRemoval}`;
const open = (routes: FakeRoutes, url = '/account-removal') => {
  const calls = fakeApi(routes);
  renderAt(url, <AccountRemovalScreen />);
  return calls;
};
const click = (testId: string) => act(async () => fireEvent.click(screen.getByTestId(testId)));

describe('Account removal', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('asks for the password, shows a wrong one on the field, and says the link was mailed', async () => {
    const calls = open({
      [REQUEST]: (c) =>
        c.body.currentPassword === 'Right-Pass-1'
          ? [200, { message: MESSAGES.accountRemovalSent }]
          : [
              400,
              {
                statusCode: 400,
                code: 'AUTH.WRONG_PASSWORD',
                message: 'Current password is incorrect',
                errors: { currentPassword: 'Current password is incorrect' },
              },
            ],
    });
    await click('removal-request');
    expect(screen.getByText(MESSAGES.currentPasswordRequired)).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByTestId('removal-password'), { target: { value: 'Wrong Pass' } });
    await click('removal-request');
    expect(calls[0].body).toEqual({ currentPassword: 'WrongPass' });
    expect(screen.getByTestId('removal-password').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByTestId('removal-password'), { target: { value: 'Right-Pass-1' } });
    await click('removal-request');
    expect((await screen.findByTestId('removal-sent')).textContent).toBe(MESSAGES.accountRemovalSent);
  });

  it('with the mailed token: Remove my account ends the session and goes to login with the message', async () => {
    const calls = open(
      { [CONFIRM]: [200, { message: MESSAGES.accountRemoved }] },
      '/account-removal?token=t1',
    );
    expect(screen.queryByTestId('removal-password')).toBeNull();
    await click('removal-confirm');
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/login'));
    expect(screen.getByText(MESSAGES.accountRemoved)).toBeTruthy();
    expect(calls[0].body).toEqual({ token: 't1' });
    expect(getToken()).toBeNull();
  });

  it('a dead link goes to link-expired and keeps the session', async () => {
    open(
      {
        [CONFIRM]: [410, { statusCode: 410, code: 'AUTH.LINK_EXPIRED', message: MESSAGES.linkNoLongerValid }],
      },
      '/account-removal?token=old',
    );
    await click('removal-confirm');
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/link-expired'));
    expect(getToken()).toBe('tok');
  });
});
