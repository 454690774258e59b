import { useSyncExternalStore } from 'react';
import { getRouteTable, getUser, getToken, subscribe as subscribeSession } from '@portal/session';

/** Re-renders on every single-spa route change (pushState/replaceState/popstate). */
const subscribeLocation = (cb: () => void) => {
  window.addEventListener('popstate', cb);
  window.addEventListener('single-spa:routing-event', cb);
  return () => {
    window.removeEventListener('popstate', cb);
    window.removeEventListener('single-spa:routing-event', cb);
  };
};

export const usePathname = (): string =>
  useSyncExternalStore(
    subscribeLocation,
    () => window.location.pathname,
    () => '/',
  );

/** Snapshot of the session that only changes identity when a stored value changes. */
let last:
  { token: string | null; userRaw: string; table: string; value: ReturnType<typeof build> } | undefined;
const build = () => ({ token: getToken(), user: getUser(), table: getRouteTable() });
const snapshot = () => {
  const token = getToken();
  const userRaw = JSON.stringify(getUser());
  const table = getRouteTable();
  if (!last || last.token !== token || last.userRaw !== userRaw || last.table !== table) {
    last = { token, userRaw, table, value: build() };
  }
  return last.value;
};

export const useSession = () => useSyncExternalStore(subscribeSession, snapshot, snapshot);
