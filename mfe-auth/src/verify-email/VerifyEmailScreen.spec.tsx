import { StrictMode } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { AUTH_API, MESSAGES } from '@portal/contracts';
import { getUser, saveLogin } from '@portal/session';
import { fakeApi, patientLogin, renderAt, type FakeRoutes } from '../components/testing';
import VerifyEmailScreen from './VerifyEmailScreen';

const VERIFY = `POST ${AUTH_API.verifyEmail}`;
const open = (routes: FakeRoutes, url = '/verify-email?token=abc') => {
  const calls = fakeApi(routes);
  renderAt(
    url,
    <StrictMode>
      <VerifyEmailScreen />
    </StrictMode>,
  );
  return calls;
};
const signInUnproved = () => {
  const login = patientLogin();
  saveLogin({ ...login, user: { ...login.user, emailVerified: false } });
};
const DEAD = [
  410,
  { statusCode: 410, code: 'AUTH.LINK_EXPIRED', message: MESSAGES.linkNoLongerValid },
] as const;

describe('Verify email', () => {
  beforeEach(() => localStorage.clear());

  it('confirms the link once; signed out, it offers login', async () => {
    const calls = open({ [VERIFY]: [200, { message: MESSAGES.emailVerified, email: 'ann@example.com' }] });
    expect((await screen.findByTestId('verify-email-confirmed')).textContent).toBe(MESSAGES.emailVerified);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Email confirmed');
    expect(screen.getByTestId('verify-email-address').textContent).toContain('ann@example.com');
    expect(calls.map((c) => c.body)).toEqual([{ token: 'abc' }]);
    fireEvent.click(screen.getByTestId('verify-email-continue'));
    expect(screen.getByTestId('landed').textContent).toBe('/login');
  });

  it('signed in as that account, the session learns it at once and the way on is the records', async () => {
    signInUnproved();
    open({ [VERIFY]: [200, { message: MESSAGES.emailVerified, email: 'ann@example.com' }] });
    await screen.findByTestId('verify-email-confirmed');
    expect(getUser()?.emailVerified).toBe(true);
    expect(screen.getByTestId('verify-email-continue').textContent).toBe('Go to my records');
    fireEvent.click(screen.getByTestId('verify-email-continue'));
    expect(screen.getByTestId('landed').textContent).toBe('/patient/my-records/all-requests');
  });

  it('signed in as another account, that session is left as it is', async () => {
    signInUnproved();
    open({ [VERIFY]: [200, { message: MESSAGES.emailVerified, email: 'someone.else@example.com' }] });
    await screen.findByTestId('verify-email-confirmed');
    expect(getUser()?.emailVerified).toBe(false);
  });

  it("a dead link says 'Link No Longer Valid'; signed in and not confirmed, it offers a new link", async () => {
    signInUnproved();
    open({ [VERIFY]: [...DEAD] });
    expect((await screen.findByTestId('verify-email-dead')).textContent).toBe(MESSAGES.linkExpiredText);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(MESSAGES.linkNoLongerValid);
    expect(screen.getByTestId('email-confirm-resend').textContent).toBe(MESSAGES.sendLinkAgain);
  });

  it('without a token the link is dead, and nothing is asked', async () => {
    const calls = open({}, '/verify-email');
    expect(await screen.findByTestId('verify-email-dead')).toBeTruthy();
    expect(screen.queryByTestId('email-confirm-notice')).toBeNull();
    expect(screen.getByTestId('verify-email-continue').textContent).toBe('Go to login');
    expect(calls).toHaveLength(0);
  });

  it('shows any other failure as it is', async () => {
    open({
      [VERIFY]: [503, { statusCode: 503, code: 'SERVICE.UNAVAILABLE', message: MESSAGES.serviceUnavailable }],
    });
    expect((await screen.findByTestId('verify-email-error')).textContent).toBe(MESSAGES.serviceUnavailable);
  });
});
