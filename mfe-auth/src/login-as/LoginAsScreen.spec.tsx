import { StrictMode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { AUTH_API, MESSAGES, type LoginResponse } from '@portal/contracts';
import { getToken, getUser, STORAGE_KEYS } from '@portal/session';
import { fakeApi, patientLogin, renderAt, signIn, type FakeRoutes } from '../components/testing';
import LoginAsScreen from './LoginAsScreen';

const EXCHANGE = `GET ${AUTH_API.loginAsUserToken}/one-time`;
const open = (routes: FakeRoutes, url = '/loginAs?token=one-time') => {
  const calls = fakeApi(routes);
  renderAt(
    url,
    <StrictMode>
      <LoginAsScreen />
    </StrictMode>,
  );
  return calls;
};
const landed = () => waitFor(() => screen.getByTestId('landed')).then((el) => el.textContent);

describe('Login as user', () => {
  beforeEach(() => localStorage.clear());

  it('spends the token once, stores the session and opens the role page', async () => {
    const calls = open({ [EXCHANGE]: [200, patientLogin('support-session')] });
    expect(screen.getByLabelText('Signing in')).toBeTruthy();
    expect(await landed()).toBe('/patient/my-records/all-requests');
    expect(calls).toHaveLength(1);
    expect(getToken()).toBe('support-session');
    expect(getUser()?.email).toBe('ann@example.com');
  });

  it('opens the provider area for an external provider', async () => {
    const provider: LoginResponse = {
      ...patientLogin(),
      user: { ...patientLogin().user, role: { mnemonic: 'EXTERNAL_PROVIDER' }, roles: ['EXTERNAL_PROVIDER'] },
    };
    open({ [EXCHANGE]: [200, provider] });
    expect(await landed()).toBe('/provider/all-records');
  });

  it("opens the one request a facility's mailed link was for (issue 24), and nothing but a provider path", async () => {
    const facility: LoginResponse = {
      ...patientLogin(),
      user: { ...patientLogin().user, role: { mnemonic: 'EXTERNAL_PROVIDER' }, roles: ['EXTERNAL_PROVIDER'] },
      landing: '/provider/patient-request-detail/r1',
    };
    open({ [EXCHANGE]: [200, facility] });
    expect(await landed()).toBe('/provider/patient-request-detail/r1');
  });

  it('ignores a landing outside the provider area', async () => {
    const odd: LoginResponse = {
      ...patientLogin(),
      user: { ...patientLogin().user, role: { mnemonic: 'EXTERNAL_PROVIDER' }, roles: ['EXTERNAL_PROVIDER'] },
      landing: '//evil.example/provider',
    };
    open({ [EXCHANGE]: [200, odd] });
    expect(await landed()).toBe('/provider/all-records');
  });

  it("says 'Invalid token!!!!', clears the stored token and user data, and goes to login", async () => {
    signIn();
    open({
      [EXCHANGE]: [
        401,
        { statusCode: 401, code: 'AUTH.INVALID_TOKEN', message: MESSAGES.invalidLoginAsToken },
      ],
    });
    expect(await landed()).toBe('/login');
    expect(await screen.findByText(MESSAGES.invalidLoginAsToken)).toBeTruthy();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('goes to login without a token, asking nothing', async () => {
    const calls = open({}, '/loginAs');
    expect(await landed()).toBe('/login');
    expect(calls).toHaveLength(0);
  });
});
