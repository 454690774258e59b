/**
 * The browser session, shared as a Module Federation singleton so the shell and every remote read
 * and write the same token, user, active role and saved redirect.
 */
import {
  PATHS,
  personPath,
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

/** Whether this page acts for a group member (a person path, decision 0027): the signed-in user is not the person shown. */
export const isActing = (): boolean =>
  typeof window !== 'undefined' && personPath(window.location.pathname) !== null;

/**
 * The signed-in user's own person id, for screens that name "myself"; none while acting for a member,
 * whose person the server knows (the route runs as them).
 */
export const ownPersonId = (): string | undefined => (isActing() ? undefined : getUser()?.personId);

/**
 * Who a coordinator acts for on a person path (decision 0027): set by the groups area when it opens a
 * member's screen, read by the shell's banner. Per tab (sessionStorage); it ends with the session or the role.
 */
export interface ActingLabel {
  /** The person path's base, `/groups/{g}/user/{u}` or `/groupAdmin/{a}/groups/{g}/user/{u}`. */
  base: string;
  memberName: string;
  groupName: string;
}
const ACTING_KEY = 'actingFor';
const tabStorage = (): Storage | undefined =>
  typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
let actingCache: { raw: string | null; value: ActingLabel | null } = { raw: null, value: null };

/** The acting label, the same object while it is unchanged (a snapshot for useSyncExternalStore). */
export const getActing = (): ActingLabel | null => {
  const raw = tabStorage()?.getItem(ACTING_KEY) ?? null;
  if (raw === actingCache.raw) return actingCache.value;
  let value: ActingLabel | null = null;
  try {
    const v = raw ? (JSON.parse(raw) as Partial<ActingLabel>) : null;
    if (v && typeof v.base === 'string' && typeof v.memberName === 'string') {
      value = { base: v.base, memberName: v.memberName, groupName: String(v.groupName ?? '') };
    }
  } catch {
    value = null;
  }
  actingCache = { raw, value };
  return value;
};

export const setActing = (label: ActingLabel): void => {
  const raw = JSON.stringify({ base: label.base, memberName: label.memberName, groupName: label.groupName });
  if (tabStorage()?.getItem(ACTING_KEY) === raw) return;
  tabStorage()?.setItem(ACTING_KEY, raw);
  notify();
};

const dropActing = (): boolean => {
  if (tabStorage()?.getItem(ACTING_KEY) == null) return false;
  tabStorage()?.removeItem(ACTING_KEY);
  return true;
};

export const clearActing = (): void => {
  if (dropActing()) notify();
};

/** Stores token, refresh token, expiry time and user data of a login (or refresh) answer. */
export const saveLogin = (
  login: Pick<LoginResponse, 'token' | 'refresh_token' | 'expiryTime' | 'user'>,
): void => {
  // Another user or another role acts for nobody; a token refresh keeps the label.
  const before = getUser();
  if (before?.userId !== login.user?.userId || before?.role?.mnemonic !== login.user?.role?.mnemonic) {
    dropActing();
  }
  write(STORAGE_KEYS.token, login.token);
  write(STORAGE_KEYS.refreshToken, login.refresh_token);
  write(STORAGE_KEYS.expiryTime, String(login.expiryTime));
  write(STORAGE_KEYS.userData, JSON.stringify(login.user));
  notify();
};

/** Replaces the stored user (e.g. after a role switch) and tells subscribers. */
export const saveUser = (user: SessionUser): void => {
  if (getUser()?.role?.mnemonic !== user.role?.mnemonic) dropActing();
  write(STORAGE_KEYS.userData, JSON.stringify(user));
  notify();
};

/** Logout: removes the refresh token, expiry time, token and user data. */
export const clearSession = (): void => {
  remove(STORAGE_KEYS.refreshToken);
  remove(STORAGE_KEYS.expiryTime);
  remove(STORAGE_KEYS.token);
  remove(STORAGE_KEYS.userData);
  dropActing();
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
