import type { LoginResponse } from '@portal/contracts';
import * as session from './index';

const login: LoginResponse = {
  token: 'access',
  refresh_token: 'refresh',
  expiryTime: 1_900_000_000_000,
  role: { id: 1, role: 'Patient', active: true, role_mnemonic: 'PATIENT', mnemonic: 'PATIENT' },
  userId: 'u1',
  challenge: null,
  user: {
    userId: 'u1',
    personId: 'p1',
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    role: { mnemonic: 'PATIENT' },
    roles: ['PATIENT'],
  },
};

describe('session storage', () => {
  beforeEach(() => localStorage.clear());

  it('stores a login under the spec keys', () => {
    session.saveLogin(login);
    expect(localStorage.getItem('token')).toBe('access');
    expect(localStorage.getItem('refresh_token')).toBe('refresh');
    expect(localStorage.getItem('expiryTime')).toBe(String(login.expiryTime));
    expect(JSON.parse(localStorage.getItem('userData') as string).role.mnemonic).toBe('PATIENT');
    expect(session.getToken()).toBe('access');
    expect(session.activeRole()).toBe('PATIENT');
    expect(session.getUser()?.firstName).toBe('Ann');
  });

  it('clearSession removes refresh token, expiry time, token and user data but keeps the redirect', () => {
    session.saveLogin(login);
    session.saveRedirect('/patient/sharing-records');
    session.clearSession();
    for (const key of ['token', 'refresh_token', 'expiryTime', 'userData'])
      expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('redirect')).toBe('/patient/sharing-records');
  });

  it('consumes the saved redirect once', () => {
    session.saveRedirect('/x');
    expect(session.consumeRedirect()).toBe('/x');
    expect(session.consumeRedirect()).toBeNull();
  });

  it('keeps purged images under purgedImages', () => {
    session.setPurgedImages(['a', 'b']);
    expect(JSON.parse(localStorage.getItem('purgedImages') as string)).toEqual(['a', 'b']);
    expect(session.getPurgedImages()).toEqual(['a', 'b']);
  });

  it('notifies subscribers on login, logout and route table change', () => {
    const listener = jest.fn();
    const off = session.subscribe(listener);
    session.saveLogin(login);
    session.clearSession();
    session.setRouteTable('legacy');
    expect(listener).toHaveBeenCalledTimes(3);
    expect(session.getRouteTable()).toBe('legacy');
    off();
    session.setRouteTable('new');
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('records React instances per app', () => {
    const react = {};
    session.registerReactInstance('shell', react);
    session.registerReactInstance('mfe-auth', react);
    expect(session.reactInstances().size).toBeGreaterThanOrEqual(2);
    expect(session.hasSingleReact()).toBe(true);
    session.registerReactInstance('mfe-bad', {});
    expect(session.hasSingleReact()).toBe(false);
  });
});

describe('the acting label (decision 0027)', () => {
  const label = { base: '/groups/g1/user/u1', memberName: 'Ann Lee', groupName: 'Care team' };
  const coordinator = {
    ...login,
    user: { ...login.user, role: { mnemonic: 'MEDICAL_COORDINATOR' as const } },
  };
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('is kept per tab, the same object while unchanged, and tells subscribers', () => {
    session.saveLogin(coordinator);
    const listener = jest.fn();
    const off = session.subscribe(listener);
    session.setActing(label);
    expect(JSON.parse(sessionStorage.getItem('actingFor') as string)).toEqual(label);
    expect(session.getActing()).toEqual(label);
    expect(session.getActing()).toBe(session.getActing());
    session.setActing(label);
    expect(listener).toHaveBeenCalledTimes(1);
    session.clearActing();
    expect(session.getActing()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    off();
  });

  it('survives a token refresh but not a logout, another role or another user', () => {
    session.saveLogin(coordinator);
    session.setActing(label);
    session.saveLogin({ ...coordinator, token: 'refreshed' });
    expect(session.getActing()).toEqual(label);
    session.saveLogin(login);
    expect(session.getActing()).toBeNull();

    session.saveLogin(coordinator);
    session.setActing(label);
    session.saveUser({ ...coordinator.user, role: { mnemonic: 'GROUP_ADMIN' } });
    expect(session.getActing()).toBeNull();

    session.setActing(label);
    session.clearSession();
    expect(session.getActing()).toBeNull();
  });

  it('reads a damaged value as none', () => {
    sessionStorage.setItem('actingFor', '{oops');
    expect(session.getActing()).toBeNull();
  });
});
