/**
 * Run-time composition: remotes come from /remotes.json, register with the federation runtime, and
 * become single-spa applications active by route table and active role. A remote that fails to load
 * or to mount shows RemoteFallback in its own container; the rest of the portal keeps working.
 */
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { init, loadRemote } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { addErrorHandler, checkActivityFunctions, getAppStatus, registerApplication } from 'single-spa';
import type { LifeCycles } from 'single-spa';
import { REMOTES, federationName } from '@portal/contracts';
import type { RemoteName, RemotesManifest } from '@portal/contracts';
import { getRouteTable, getToken, activeRole, setRemoteModuleLoader } from '@portal/session';
import { isRemoteActive } from './routing';

export const containerId = (remote: string) => `single-spa-application:${remote}`;

const fallbackRoots = new Map<string, { root: Root; el: HTMLElement }>();

/** Renders RemoteFallback inside the remote's container (in a child node, so a half-mounted React root is left alone). */
export const showFallback = (remote: string) => {
  if (fallbackRoots.has(remote)) return;
  const container = document.getElementById(containerId(remote));
  if (!container) return;
  const el = document.createElement('div');
  el.dataset.remoteFallback = remote;
  container.appendChild(el);
  const root = createRoot(el);
  fallbackRoots.set(remote, { root, el });
  // The fallback (and its MUI parts) is only fetched when a remote fails.
  void import('./RemoteFallbackView').then(
    ({ RemoteFallbackView }) =>
      fallbackRoots.get(remote)?.root === root && root.render(<RemoteFallbackView />),
  );
};

export const hideFallback = (remote: string) => {
  const entry = fallbackRoots.get(remote);
  if (!entry) return;
  fallbackRoots.delete(remote);
  entry.root.unmount();
  entry.el.remove();
};

/** Lifecycles standing in for a remote that could not be loaded. */
export const fallbackLifecycles = (remote: string): LifeCycles => ({
  bootstrap: async () => undefined,
  mount: async () => showFallback(remote),
  unmount: async () => hideFallback(remote),
});

const remoteOfId = (id: string): RemoteName | undefined =>
  REMOTES.find((r) => id.startsWith(`${federationName(r)}/`));

/** The errorLoadRemote runtime plugin: an offline remote resolves to fallback lifecycles instead of failing. */
export const fallbackPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'portal-remote-fallback',
  errorLoadRemote(args) {
    const remote = remoteOfId(args.id);
    if (args.lifecycle === 'onLoad' && remote && args.id.endsWith('/app')) {
      console.error(`[shell] ${remote} failed to load`, args.error);
      return fallbackLifecycles(remote);
    }
    return undefined;
  },
});

const session = () => ({ signedIn: Boolean(getToken()), role: activeRole() });

/** Broken apps (a lifecycle threw) show the fallback while their route is active. */
const broken = new Set<string>();
export const syncBrokenFallbacks = () => {
  const active = new Set(checkActivityFunctions(window.location));
  broken.forEach((name) => (active.has(name) ? showFallback(name) : hideFallback(name)));
};

export const setUpFederation = (manifest: Partial<RemotesManifest>) => {
  const remotes = REMOTES.filter((r) => manifest[r]).map((r) => ({
    name: federationName(r),
    entry: manifest[r] as string,
    type: 'script' as const,
  }));
  init({ name: 'shell', remotes, plugins: [fallbackPlugin()] });
  // Remotes load each other's exposed components (RemoteComponent in @portal/ui) through this instance.
  setRemoteModuleLoader((id) => loadRemote(id));

  addErrorHandler((err) => {
    const name = err.appOrParcelName;
    console.error(`[shell] ${name} failed (${getAppStatus(name)})`, err);
    broken.add(name);
    syncBrokenFallbacks();
  });
  window.addEventListener('single-spa:routing-event', syncBrokenFallbacks);

  for (const remote of REMOTES) {
    registerApplication({
      name: remote,
      app: () =>
        manifest[remote]
          ? loadRemote<LifeCycles>(`${federationName(remote)}/app`)
              .then((m) => m ?? fallbackLifecycles(remote))
              .catch((e) => {
                console.error(`[shell] ${remote} failed to load`, e);
                return fallbackLifecycles(remote);
              })
          : Promise.resolve(fallbackLifecycles(remote)),
      activeWhen: (location) => isRemoteActive(remote, getRouteTable(), location.pathname, session()),
    });
  }
};
