/**
 * The browser session, shared as a Module Federation singleton so the shell and every remote read
 * and write the same token, user, active role and saved redirect.
 */
import {
  PATHS,
  type LoginResponse,
  type RoleMnemonic,
  type RouteTableName,
  type SessionUser,
} from '@portal/contracts';

export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  expiryTime: 'expiryTime',
  userData: 'userData',
  redirect: 'redirect',
  purgedImages: 'purgedImages',
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();
let table: RouteTableName = 'new';

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);
const read = (key: string): string | null => storage()?.getItem(key) ?? null;
const write = (key: string, value: string) => storage()?.setItem(key, value);
const remove = (key: string) => storage()?.removeItem(key);

const notify = () => listeners.forEach((l) => l());

/** Subscribe to login, logout, role switch and route-table changes; returns the unsubscribe function. */
export const subscribe = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// Another tab signing in or out changes the session here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(e.key)) notify();
  });
}

export const getToken = (): string | null => read(STORAGE_KEYS.token);
export const getRefreshToken = (): string | null => read(STORAGE_KEYS.refreshToken);
export const getExpiryTime = (): number | null => {
  const v = Number(read(STORAGE_KEYS.expiryTime));
  return Number.isFinite(v) && v > 0 ? v : null;
};

export const getUser = (): SessionUser | null => {
  const raw = read(STORAGE_KEYS.userData);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
};

export const isSignedIn = (): boolean => Boolean(getToken());

/** The active role: `userData.role.mnemonic`. */
export const activeRole = (): RoleMnemonic | undefined => getUser()?.role?.mnemonic;

/** Stores token, refresh token, expiry time and user data of a login (or refresh) answer. */
export const saveLogin = (
  login: Pick<LoginResponse, 'token' | 'refresh_token' | 'expiryTime' | 'user'>,
): void => {
  write(STORAGE_KEYS.token, login.token);
  write(STORAGE_KEYS.refreshToken, login.refresh_token);
  write(STORAGE_KEYS.expiryTime, String(login.expiryTime));
  write(STORAGE_KEYS.userData, JSON.stringify(login.user));
  notify();
};

/** Replaces the stored user (e.g. after a role switch) and tells subscribers. */
export const saveUser = (user: SessionUser): void => {
  write(STORAGE_KEYS.userData, JSON.stringify(user));
  notify();
};

/** Logout: removes the refresh token, expiry time, token and user data. */
export const clearSession = (): void => {
  remove(STORAGE_KEYS.refreshToken);
  remove(STORAGE_KEYS.expiryTime);
  remove(STORAGE_KEYS.token);
  remove(STORAGE_KEYS.userData);
  notify();
};

/** The saved redirect value, honoured by the shell on load. */
export const saveRedirect = (value: string): void => write(STORAGE_KEYS.redirect, value);
export const peekRedirect = (): string | null => read(STORAGE_KEYS.redirect);
export const consumeRedirect = (): string | null => {
  const value = read(STORAGE_KEYS.redirect);
  if (value !== null) remove(STORAGE_KEYS.redirect);
  return value;
};

/** Image ids the user removed from view; kept as a JSON array. */
export const getPurgedImages = (): string[] => {
  try {
    const v = JSON.parse(read(STORAGE_KEYS.purgedImages) ?? '[]');
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};
export const setPurgedImages = (ids: string[]): void => write(STORAGE_KEYS.purgedImages, JSON.stringify(ids));

/** The route table picked by the shell from `enable_v2`. */
export const getRouteTable = (): RouteTableName => table;
/** Named destinations (login, settings pages, ...) of the route table the shell picked. */
export const paths = () => PATHS[table];
export const setRouteTable = (name: RouteTableName): void => {
  if (name === table) return;
  table = name;
  notify();
};

/** Which React each federated app runs on; a single shared React means one entry value. */
const reactRegistry = new Map<string, unknown>();
export const registerReactInstance = (name: string, react: unknown): void => {
  reactRegistry.set(name, react);
};
export const reactInstances = (): ReadonlyMap<string, unknown> => reactRegistry;
/** True when every registered app uses the same React object. */
export const hasSingleReact = (): boolean => new Set(reactRegistry.values()).size <= 1;

/**
 * Loads an exposed module of another remote ('mfe_viewer/ImagingViewer'). The shell registers its
 * federation runtime's loadRemote here: a remote's own copy of @module-federation/enhanced/runtime is
 * bound to the remote's own container instance (which knows no other remotes), so a remote reaches the
 * shell's instance, the one `init`ed with every remote of /remotes.json, through this shared singleton.
 */
export type RemoteModuleLoader = (id: string) => Promise<unknown>;
let remoteLoader: RemoteModuleLoader | null = null;
export const setRemoteModuleLoader = (loader: RemoteModuleLoader | null): void => {
  remoteLoader = loader;
};
/** Rejects when no shell registered a loader (a remote served alone) or the module cannot load. */
export const loadRemoteModule = <T = unknown>(id: string): Promise<T> =>
  remoteLoader
    ? (remoteLoader(id) as Promise<T>)
    : Promise.reject(new Error(`No remote loader registered to load ${id}`));

if (typeof window !== 'undefined') {
  // Lets end-to-end tests inspect the registry without importing the module.
  (window as unknown as { __portalSession__?: unknown }).__portalSession__ = {
    reactInstances,
    hasSingleReact,
  };
}
