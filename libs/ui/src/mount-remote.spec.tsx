import { act, screen, waitFor } from '@testing-library/react';
import { createRemoteApi } from '@portal/api';
import { Link, useLocation } from 'react-router';
import { mountRemote, remoteBasename, type RemoteLifecycles } from './mount-remote';

const api = createRemoteApi('mountTestApi').injectEndpoints({
  endpoints: (build) => ({ getGreeting: build.query<{ text: string }, void>({ query: () => '/greeting' }) }),
});
/** single-spa-react resolves a lifecycle after React has rendered, so the call starts inside act and is awaited after it. */
const run = async (step: RemoteLifecycles['mount'], props: object) => {
  let done: Promise<unknown> = Promise.resolve();
  await act(async () => {
    done = step(props);
  });
  await done;
};
const Root = () => <p data-testid="greeting">{api.useGetGreetingQuery().data?.text ?? '...'}</p>;

describe('mountRemote', () => {
  it("provides a store of the remote's API, a fresh one for each mount", async () => {
    const fetchMock = jest.fn(
      async (_url: string) =>
        ({
          status: 200,
          statusText: '',
          ok: true,
          text: async () => JSON.stringify({ text: 'hello' }),
        }) as Response,
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    const domElement = document.body.appendChild(document.createElement('div'));
    const props = { name: 'mfe-test', domElement, singleSpa: {}, mountParcel: () => undefined };
    const lifecycles = mountRemote('mfe-test', Root, { api });

    await lifecycles.bootstrap(props);
    await run(lifecycles.mount, props);
    await waitFor(() => expect(screen.getByTestId('greeting').textContent).toBe('hello'));
    expect(domElement.querySelector('[data-remote="mfe-test"]')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/greeting']);

    await run(lifecycles.unmount, props);
    expect(screen.queryByTestId('greeting')).toBeNull();
    await run(lifecycles.mount, props);
    await waitFor(() => expect(screen.getByTestId('greeting').textContent).toBe('hello'));
    // A remount starts with an empty cache: the greeting is asked again.
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await run(lifecycles.unmount, props);
  });
});

describe('a remote on a person path (decision 0027)', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('runs under the person base, except the groups area, which owns the prefix', () => {
    expect(remoteBasename('mfe-records', '/groups/g1/user/u1/patient/my-records/all-requests')).toBe(
      '/groups/g1/user/u1',
    );
    expect(remoteBasename('mfe-auth', '/groupAdmin/a1/groups/g1/user/u1/family-members')).toBe(
      '/groupAdmin/a1/groups/g1/user/u1',
    );
    expect(remoteBasename('mfe-groups', '/groups/g1/user/u1/info')).toBe('');
    expect(remoteBasename('mfe-records', '/patient/my-records/all-requests')).toBe('');
  });

  it('sees its own paths, and its absolute links stay under the prefix', async () => {
    window.history.replaceState(null, '', '/groups/g1/user/u1/patient/my-records/all-requests');
    const Page = () => (
      <>
        <p data-testid="where">{useLocation().pathname}</p>
        <Link to="/patient/my-records/open-requests" data-testid="link">
          Open requests
        </Link>
      </>
    );
    const domElement = document.body.appendChild(document.createElement('div'));
    const props = { name: 'mfe-records', domElement, singleSpa: {}, mountParcel: () => undefined };
    const lifecycles = mountRemote('mfe-records', Page);
    await lifecycles.bootstrap(props);
    await run(lifecycles.mount, props);
    expect(screen.getByTestId('where').textContent).toBe('/patient/my-records/all-requests');
    expect(screen.getByTestId('link').getAttribute('href')).toBe(
      '/groups/g1/user/u1/patient/my-records/open-requests',
    );
    await act(async () => {
      window.history.pushState(null, '', '/patient/my-records/imaging');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/patient/my-records/imaging'));
    expect(screen.getByTestId('link').getAttribute('href')).toBe('/patient/my-records/open-requests');
    await run(lifecycles.unmount, props);
  });
});
