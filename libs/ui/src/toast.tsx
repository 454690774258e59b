import { Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

/** What a mounted toaster offers: notistack's enqueue and close. */
export interface Notify {
  enqueue: (message: SnackbarMessage, options: OptionsObject) => SnackbarKey;
  close: (key: SnackbarKey) => void;
}

// notistack and its provider load with the first toast, not with the page (decision 0007). Toasts
// raised meanwhile wait for the provider's mount.
const Toaster = lazy(() => import('./toaster'));
let mounted: Notify | null = null;
const waiting: Array<(n: Notify) => void> = [];
let mountToaster: (() => void) | null = null;
const ready = (n: Notify) => {
  mounted = n;
  waiting.splice(0).forEach((w) => w(n));
};
const gone = () => {
  mounted = null;
};
const localToaster = (): Promise<Notify> =>
  mounted ? Promise.resolve(mounted) : new Promise((resolve) => (waiting.push(resolve), mountToaster?.()));

/** Renders the toaster once the first toast asks for it. */
const ToasterHost = () => {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    mountToaster = () => setWanted(true);
    if (waiting.length) setWanted(true);
    return () => {
      mountToaster = null;
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster onReady={ready} onGone={gone} />
    </Suspense>
  ) : null;
};

const HOST_KEY = '__portalToaster';
type HostWindow = Window & { [HOST_KEY]?: () => Promise<Notify> };
const hostWindow = () => (typeof window === 'undefined' ? undefined : (window as HostWindow));

/**
 * The shell renders the one toaster (`host`), so a toast raised just before a remote unmounts (save,
 * then go elsewhere) stays up; every build (libs/ui is bundled into each) reaches it through the
 * window. A remote renders its own only when it runs without the shell (`serve:alone`, unit specs).
 */
export const PortalSnackbarProvider = ({
  children,
  host = false,
}: {
  children: ReactNode;
  host?: boolean;
}) => {
  const win = hostWindow();
  if (host && win) win[HOST_KEY] = localToaster;
  if (!host && win?.[HOST_KEY]) return <>{children}</>;
  return (
    <>
      {children}
      <ToasterHost />
    </>
  );
};

const toaster = (): Promise<Notify> => (hostWindow()?.[HOST_KEY] ?? localToaster)();

/** The toast last shown for each action of this build, so the next outcome of the action replaces it. */
const byAction = new Map<string, { key: SnackbarKey; message: string; variant: string }>();

type Variant = 'error' | 'success' | 'info';
const show = (variant: Variant, message: string, action?: string): Promise<void> =>
  toaster().then(({ enqueue, close }) => {
    const last = action ? byAction.get(action) : undefined;
    // The same failure again (a retry that failed alike) keeps its toast rather than blinking.
    if (last && last.message === message && last.variant === variant) return;
    if (last) close(last.key);
    const key = enqueue(message, {
      variant,
      preventDuplicate: !action,
      // Once gone (hidden after its time, or closed), the action's next outcome shows again, even the same one.
      onExited: (_node, exited) => {
        if (action && byAction.get(action)?.key === exited) byAction.delete(action);
      },
      ...(variant === 'info' ? { persist: true, action: closeAction } : {}),
    });
    if (action) byAction.set(action, { key, message, variant });
  });

const dismiss = (action: string): void => {
  const last = byAction.get(action);
  if (!last) return;
  byAction.delete(action);
  void toaster().then(({ close }) => close(last.key));
};

function closeAction(key: SnackbarKey) {
  return (
    <button
      type="button"
      aria-label="Close"
      onClick={() => void toaster().then(({ close }) => close(key))}
      style={{ background: 'none', border: 0, color: 'inherit', cursor: 'pointer', fontSize: 18 }}
    >
      ×
    </button>
  );
}

/**
 * Toast helpers: error (red), success (green), info (does not auto-close). `action` names what the
 * toast reports (e.g. 'change-password'): the next toast of the same action replaces it, so a
 * successful retry removes the error it follows instead of standing beside it.
 */
export const toast = {
  error: (message: string, action?: string) => void show('error', message, action),
  success: (message: string, action?: string) => void show('success', message, action),
  info: (message: string, action?: string) => void show('info', message, action),
  /** Removes the toast of an action (a failed load that has since loaded). */
  dismiss,
};
export const useToast = () => useMemo(() => toast, []);
