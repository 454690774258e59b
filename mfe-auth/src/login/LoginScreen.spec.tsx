import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createRemoteStore } from '@portal/api';
import { MESSAGES } from '@portal/contracts';
import { getToken, peekRedirect, saveRedirect, setRouteTable } from '@portal/session';
import { api } from '../api';
import { patientLogin } from '../components/testing';
import { LoginScreen } from './LoginScreen';

const respond = (status: number, body: unknown) =>
  jest.fn().mockResolvedValue({
    status,
    statusText: '',
    ok: status < 300,
    text: async () => JSON.stringify(body),
  } as Response);

/** Where the screen went, with its query. */
const Landed = () => {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{pathname + search}</p>;
};

const renderLogin = () =>
  render(
    <Provider store={createRemoteStore(api)}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );

const fill = (email: string, password: string) => {
  fireEvent.change(screen.getByTestId('login-email'), { target: { value: email } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
};

describe('Login screen', () => {
  beforeEach(() => localStorage.clear());

  it('has email, password, Remember me, Forgot password?, Login and Create one', () => {
    renderLogin();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByLabelText('Remember me')).toBeTruthy();
    expect(screen.getByText('Forgot password?').getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByText('Create one').getAttribute('href')).toBe('/signup');
    expect(screen.getByTestId('login-submit').textContent).toBe('Login');
  });

  it('shows the validation messages', async () => {
    renderLogin();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText(MESSAGES.loginUserEmail)).toBeTruthy();
    expect(screen.getByText(MESSAGES.loginPassword)).toBeTruthy();
    fill('not-an-email', 'x');
    fireEvent.blur(screen.getByTestId('login-email'));
    expect(await screen.findByText(MESSAGES.loginUserEmail)).toBeTruthy();
  });

  it('shows the error and marks the password invalid until it is edited', async () => {
    global.fetch = respond(401, {
      statusCode: 401,
      code: 'AUTH.INVALID_CREDENTIALS',
      message: MESSAGES.invalidCredentials,
    });
    renderLogin();
    fill('ann@example.com', 'wrong');
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));
    expect((await screen.findByTestId('login-error')).textContent).toBe(MESSAGES.invalidCredentials);
    expect(screen.getByTestId('login-password').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'wrong2' } });
    expect(screen.getByTestId('login-password').getAttribute('aria-invalid')).toBe('false');
  });

  it('stores the session and leaves the login page on success', async () => {
    global.fetch = respond(200, patientLogin('tok'));
    renderLogin();
    fill('ann@example.com', 'Secret123!');
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));
    await waitFor(() => expect(screen.getByTestId('landed')).toBeTruthy());
    expect(getToken()).toBe('tok');
  });
});

describe('coming back after sign-in', () => {
  const providerLogin = () => {
    const login = patientLogin('tok');
    return {
      ...login,
      role: {
        ...login.role,
        role: 'Provider',
        role_mnemonic: 'EXTERNAL_PROVIDER',
        mnemonic: 'EXTERNAL_PROVIDER',
      },
      user: { ...login.user, role: { mnemonic: 'EXTERNAL_PROVIDER' }, roles: ['EXTERNAL_PROVIDER'] },
    };
  };
  const signInWith = async (answer: unknown) => {
    global.fetch = respond(200, answer);
    renderLogin();
    fill('ann@example.com', 'Secret123!');
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));
    return (await screen.findByTestId('landed')).textContent;
  };

  beforeEach(() => localStorage.clear());
  afterEach(() => setRouteTable('new'));

  it('goes to the saved page, with its query, once', async () => {
    saveRedirect('/smart/authorize?request=r1');
    expect(await signInWith(patientLogin('tok'))).toBe('/smart/authorize?request=r1');
    expect(peekRedirect()).toBeNull();
  });

  it('goes to the saved page in the older route table too', async () => {
    setRouteTable('legacy');
    saveRedirect('/smart/authorize?request=r1');
    expect(await signInWith(patientLogin('tok'))).toBe('/smart/authorize?request=r1');
  });

  it("goes to the role's page when the role may not open the saved page, and forgets it", async () => {
    saveRedirect('/smart/authorize?request=r1');
    expect(await signInWith(providerLogin())).toBe('/provider/all-records');
    expect(peekRedirect()).toBeNull();
  });

  it("goes to the role's page when nothing or an unknown page is saved", async () => {
    expect(await signInWith(patientLogin('tok'))).toBe('/patient/my-records/all-requests');
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil', '/\\evil.example/smart/authorize'])(
    'never leaves the site for a saved %s (open-redirect abuse)',
    async (evil) => {
      saveRedirect(evil);
      expect(await signInWith(patientLogin('tok'))).toBe('/patient/my-records/all-requests');
      expect(peekRedirect()).toBeNull();
    },
  );

  it('keeps the saved page through a new-password challenge', async () => {
    saveRedirect('/smart/authorize?request=r1');
    const landed = await signInWith({
      token: null,
      user: null,
      userId: 'u1',
      role: patientLogin().role,
      challenge: 'NEW_PASSWORD_REQUIRED',
    });
    expect(landed).toBe('/reset-password?token=u1&tokenId=true');
    expect(peekRedirect()).toBe('/smart/authorize?request=r1');
    expect(getToken()).toBeNull();
  });
});

describe('login destination', () => {
  const { loginDestination } = jest.requireActual('./LoginScreen') as typeof import('./LoginScreen');
  const base = {
    token: 't',
    refresh_token: 'r',
    expiryTime: 0,
    userId: 'u 1',
    challenge: null,
    user: undefined as never,
  };
  const role = (m: 'PATIENT' | 'EXTERNAL_PROVIDER') => ({
    id: 1,
    role: m,
    active: true,
    role_mnemonic: m,
    mnemonic: m,
  });
  it('routes by role and challenge', () => {
    expect(loginDestination({ ...base, role: role('EXTERNAL_PROVIDER') })).toBe('/provider/all-records');
    expect(loginDestination({ ...base, role: role('PATIENT') })).toBe('/patient/my-records/all-requests');
    expect(
      loginDestination({
        token: null,
        user: null,
        userId: 'u 1',
        role: role('PATIENT'),
        challenge: 'NEW_PASSWORD_REQUIRED',
      }),
    ).toBe('/reset-password?token=u%201&tokenId=true');
  });
  it('prefers a saved page the role may enter', () => {
    expect(loginDestination({ ...base, role: role('PATIENT') }, '/patient/sharing-records')).toBe(
      '/patient/sharing-records',
    );
    expect(loginDestination({ ...base, role: role('EXTERNAL_PROVIDER') }, '/patient/sharing-records')).toBe(
      '/provider/all-records',
    );
  });
});
