import { createRoot } from 'react-dom/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { start, triggerAppChange } from 'single-spa';
import { DEFAULT_FEATURES } from '@portal/contracts';
import type { FeatureSettings, RemotesManifest } from '@portal/contracts';
import { apiFetch, startTokenRefresh } from '@portal/api';
import {
  activeRole,
  consumeRedirect,
  getRouteTable,
  getToken,
  registerReactInstance,
  saveRedirect,
  setRouteTable,
  subscribe,
} from '@portal/session';
import { PortalSnackbarProvider, portalTheme } from '@portal/ui';
import React from 'react';
import { setUpFederation } from './federation';
import { Layout } from './Layout';
import { comeBackAfterSignIn, guardRedirect, redirectKeptAtStartup, startupRedirect } from './routing';

const session = () => ({ signedIn: Boolean(getToken()), role: activeRole() });

const loadJson = async <T,>(url: string, fallback: T): Promise<T> => {
  try {
    return (await apiFetch<T>(url, { skipAuthRedirect: true })) ?? fallback;
  } catch {
    return fallback;
  }
};

/** Redirects use replaceState (patched by single-spa, so the apps re-route). */
const replaceUrl = (url: string) => window.history.replaceState(window.history.state, '', url);

/**
 * The guard of every route change. A signed-out visitor who opened a page that needs sign-in has it saved
 * as the redirect value first, so the login screen comes back to it; a session that just ended (logout,
 * another tab) saves nothing, so the next person to sign in here is not sent to the last one's page.
 */
const applyGuard = (opened: boolean) => {
  const { pathname, search } = window.location;
  const table = getRouteTable();
  const target = guardRedirect(table, pathname, session());
  if (!target || target === pathname) return;
  const back = opened ? comeBackAfterSignIn(table, pathname, search, session()) : null;
  if (back) saveRedirect(back);
  replaceUrl(target);
};

async function main() {
  registerReactInstance('shell', React);
  const [manifest, features] = await Promise.all([
    loadJson<Partial<RemotesManifest>>('/remotes.json', {}),
    loadJson<FeatureSettings>('/api/featureSettings', DEFAULT_FEATURES),
  ]);
  setRouteTable(features.enable_v2 === false ? 'legacy' : 'new');

  const opening = {
    table: getRouteTable(),
    pathname: window.location.pathname,
    search: window.location.search,
    session: session(),
    savedRedirect: consumeRedirect(),
  };
  const first = startupRedirect(opening);
  const kept = redirectKeptAtStartup(opening);
  if (kept) saveRedirect(kept);
  if (first) window.history.replaceState(null, '', first);

  setUpFederation(manifest);
  // Login, logout and role switch change which apps are active and may need a redirect.
  subscribe(() => {
    applyGuard(false);
    void triggerAppChange();
  });
  window.addEventListener('single-spa:routing-event', () => applyGuard(true));
  startTokenRefresh();

  const container = document.getElementById('root') as HTMLElement;
  // single-spa starts once the layout (and the remotes' containers) is on the page.
  let started = false;
  const onReady = () => {
    if (started) return;
    started = true;
    start({ urlRerouteOnly: true });
  };
  createRoot(container).render(
    <ThemeProvider theme={portalTheme('default')}>
      <CssBaseline />
      <PortalSnackbarProvider host>
        <Layout onReady={onReady} />
      </PortalSnackbarProvider>
    </ThemeProvider>,
  );
}

void main();
