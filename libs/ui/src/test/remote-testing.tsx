/**
 * Test helpers of the remotes' unit tests (never imported by an app): a fetch that answers by route,
 * a render as mountRemote does it with the remote's own API, a signed-in patient.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { LoginResponse } from '@portal/contracts';
import { saveLogin } from '@portal/session';
import { createRemoteStore } from '@portal/api';
import type { RemoteApiSlice } from '@portal/api';
import { PortalSnackbarProvider } from '../toast';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}
type Answer = [status: number, body: unknown];
export type FakeRoutes = Record<string, Answer | ((call: FakeCall) => Answer)>;

/**
 * Replaces fetch: answers are keyed by 'METHOD /path' (the query is not part of the key); an
 * unknown call answers 404. Returns the list of calls made, in order.
 */
export const fakeApi = (routes: FakeRoutes): FakeCall[] => {
  const calls: FakeCall[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const [status, body] =
      typeof route === 'function'
        ? route(call)
        : (route ?? [404, { statusCode: 404, code: 'RESOURCE.NOT_FOUND', message: 'Not found' }]);
    return { status, statusText: '', ok: status < 300, text: async () => JSON.stringify(body) } as Response;
  }) as typeof fetch;
  return calls;
};

/** Shows where a screen navigated to. */
const Landed = () => <p data-testid="landed">{useLocation().pathname}</p>;

/**
 * A remote's renderAt: renders `element` at `url` as mountRemote does (a fresh store of the remote's
 * one API, so no answer is cached from another test, the toast provider and a router); any other
 * path shows `landed`.
 */
export const remoteRenderer =
  (api: RemoteApiSlice) =>
  (url: string, element: ReactElement, routePath = url.split('?')[0]) =>
    render(
      <Provider store={createRemoteStore(api)}>
        <PortalSnackbarProvider>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={routePath} element={element} />
              <Route path="*" element={<Landed />} />
            </Routes>
          </MemoryRouter>
        </PortalSnackbarProvider>
      </Provider>,
    );

export const patientLogin = (token = 'tok'): LoginResponse => ({
  token,
  refresh_token: `${token}-refresh`,
  expiryTime: Date.now() + 60_000,
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
});

export const signIn = () => saveLogin(patientLogin());
