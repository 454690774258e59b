import type { ComponentType } from 'react';
import * as React from 'react';
import ReactDefault from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Suspense, lazy, useMemo, useSyncExternalStore } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import singleSpaReact from 'single-spa-react';
import { ThemeProvider } from '@mui/material/styles';
import { personPath } from '@portal/contracts';
import { registerReactInstance } from '@portal/session';
import { createRemoteStore, type RemoteApiSlice } from '@portal/api';
import { portalTheme } from './theme';
import type { ThemeName } from './theme';
import { PortalSnackbarProvider } from './toast';

// Drawn only after a crash: not part of a remote's first load (decision 0007).
const RemoteFallback = lazy(() => import('./components').then((m) => ({ default: m.RemoteFallback })));

declare const __PORTAL_REMOTE_VERSION__: string | undefined;
declare const __PORTAL_FAULT__: string | undefined;
const buildVersion = typeof __PORTAL_REMOTE_VERSION__ === 'string' ? __PORTAL_REMOTE_VERSION__ : 'dev';
/** Only a build made with PORTAL_FAULT=mount has this; in every other build the check is dead code. */
const faultOnMount = typeof __PORTAL_FAULT__ === 'string' && __PORTAL_FAULT__ === 'mount';

export interface RemoteLifecycles {
  bootstrap: (props: object) => Promise<unknown>;
  mount: (props: object) => Promise<unknown>;
  unmount: (props: object) => Promise<unknown>;
}

/** The remote's one store, made from its one API slice for each mount (a remount starts with an empty cache). */
const RemoteStore = ({ api, children }: { api: RemoteApiSlice; children: React.ReactNode }) => {
  const store = useMemo(() => createRemoteStore(api), [api]);
  return <Provider store={store}>{children}</Provider>;
};

/**
 * The base a remote's router runs under: on a person path (`/groups/{g}/user/{u}/…`, decision 0027) a
 * patient's remote draws its own screens for the member, so its absolute links stay under the prefix.
 * The groups area owns the prefix itself and routes it whole.
 */
export const remoteBasename = (name: string, pathname: string): string =>
  name === 'mfe-groups' ? '' : (personPath(pathname)?.base ?? '');

const subscribeLocation = (cb: () => void) => {
  window.addEventListener('popstate', cb);
  window.addEventListener('single-spa:routing-event', cb);
  return () => {
    window.removeEventListener('popstate', cb);
    window.removeEventListener('single-spa:routing-event', cb);
  };
};

/** The basename for the current address; a remote that stays mounted across the prefix gets a new router. */
const useBasename = (name: string): string =>
  useSyncExternalStore(
    subscribeLocation,
    () => remoteBasename(name, window.location.pathname),
    () => '',
  );

/**
 * single-spa lifecycles for a remote's root component, wrapped in an error boundary (showing
 * RemoteFallback), the portal theme, a notistack provider, the remote's own router and, given its
 * RTK Query API (`src/api.ts`), the store made from it.
 */
export function mountRemote(
  name: string,
  Root: ComponentType,
  options: { theme?: ThemeName; api?: RemoteApiSlice } = {},
): RemoteLifecycles {
  const Tree = () => {
    const basename = useBasename(name);
    return (
      <BrowserRouter key={basename} basename={basename || undefined}>
        <div data-remote={name} data-remote-version={buildVersion}>
          <Root />
        </div>
      </BrowserRouter>
    );
  };
  const Wrapped = () => (
    <ThemeProvider theme={portalTheme(options.theme)}>
      <PortalSnackbarProvider>
        {options.api ? (
          <RemoteStore api={options.api}>
            <Tree />
          </RemoteStore>
        ) : (
          <Tree />
        )}
      </PortalSnackbarProvider>
    </ThemeProvider>
  );
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient,
    renderType: 'createRoot',
    rootComponent: Wrapped,
    errorBoundary: () => (
      <Suspense fallback={null}>
        <RemoteFallback />
      </Suspense>
    ),
  });
  return {
    bootstrap: async (props) => {
      registerReactInstance(name, ReactDefault);
      return (lifecycles.bootstrap as (p: object) => Promise<unknown>)(props);
    },
    mount: faultOnMount
      ? async () => {
          throw new Error(`${name} was built to fail while mounting (PORTAL_FAULT=mount)`);
        }
      : (lifecycles.mount as RemoteLifecycles['mount']),
    unmount: lifecycles.unmount as RemoteLifecycles['unmount'],
  };
}
