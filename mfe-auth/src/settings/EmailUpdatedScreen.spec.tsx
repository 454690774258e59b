import { StrictMode } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AUTH_API, MESSAGES } from '@portal/contracts';
import { getToken } from '@portal/session';
import { fakeApi, renderAt, signIn, type FakeRoutes } from '../components/testing';
import EmailUpdatedScreen from './EmailUpdatedScreen';

const CONFIRM = `POST ${AUTH_API.confirmEmailUpdate}`;
const open = (routes: FakeRoutes, url = '/email-updated-success?token=abc') => {
  const calls = fakeApi(routes);
  renderAt(
    url,
    <StrictMode>
      <EmailUpdatedScreen />
    </StrictMode>,
  );
  return calls;
};

describe('Email updated', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('confirms the link once, ends the session and offers login', async () => {
    const calls = open({
      [CONFIRM]: [200, { message: MESSAGES.emailUpdated, email: 'ann.new@example.com' }],
    });
    expect((await screen.findByTestId('email-updated-message')).textContent).toBe(MESSAGES.emailUpdated);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Email updated');
    expect(screen.getByTestId('email-updated-email').textContent).toContain('ann.new@example.com');
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ token: 'abc' });
    expect(getToken()).toBeNull();
    fireEvent.click(screen.getByTestId('email-updated-login'));
    expect(screen.getByTestId('landed').textContent).toBe('/login');
  });

  it('goes to the link-expired page when the link is dead', async () => {
    open({
      [CONFIRM]: [410, { statusCode: 410, code: 'AUTH.LINK_EXPIRED', message: MESSAGES.linkNoLongerValid }],
    });
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/link-expired'));
    expect(getToken()).toBe('tok');
  });

  it('goes to the link-expired page without a token, asking nothing', async () => {
    const calls = open({}, '/email-updated-success');
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/link-expired'));
    expect(calls).toHaveLength(0);
  });

  it('shows any other failure, such as an address taken meanwhile', async () => {
    open({ [CONFIRM]: [409, { statusCode: 409, code: 'AUTH.EMAIL_TAKEN', message: MESSAGES.emailTaken }] });
    expect((await screen.findByTestId('email-updated-error')).textContent).toBe(MESSAGES.emailTaken);
  });
});
