import { useMemo, type ReactNode } from 'react';
import { MaterialDesignContent, SnackbarProvider, closeSnackbar, enqueueSnackbar } from 'notistack';
import { styled } from '@mui/material/styles';
import type { SnackbarKey } from 'notistack';

const closeAction = (key: SnackbarKey) => (
  <button
    type="button"
    aria-label="Close"
    onClick={() => closeSnackbar(key)}
    style={{ background: 'none', border: 0, color: 'inherit', cursor: 'pointer', fontSize: 18 }}
  >
    ×
  </button>
);

/** notistack's green and blue fail WCAG AA contrast with white text; these pass (7.9:1, 8.6:1, 5.6:1). */
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0d47a1' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
});
const TOAST_COMPONENTS = { default: Toast, success: Toast, info: Toast, error: Toast, warning: Toast };

const HOST_FLAG = '__portalToastHost';
type FlagWindow = Window & { [HOST_FLAG]?: boolean };

/**
 * notistack provider as the spec wants it: top-centre; errors red, successes green (notistack 3 has no
 * progress bar). The shell renders the one provider (`host`); a remote renders its own only when it runs
 * without the shell, so a toast raised just before a remote unmounts (save, then go elsewhere) stays up.
 */
export const PortalSnackbarProvider = ({
  children,
  host = false,
}: {
  children: ReactNode;
  host?: boolean;
}) => {
  if (host && typeof window !== 'undefined') (window as FlagWindow)[HOST_FLAG] = true;
  if (!host && typeof window !== 'undefined' && (window as FlagWindow)[HOST_FLAG]) return <>{children}</>;
  return (
    <SnackbarProvider
      maxSnack={3}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      autoHideDuration={5000}
      preventDuplicate
      Components={TOAST_COMPONENTS}
    >
      {children}
    </SnackbarProvider>
  );
};

/**
 * Toast helpers: error (red), success (green), info (does not auto-close). They go to notistack's
 * global queue (notistack is a shared singleton), which is the shell's provider whatever root calls.
 * Stable across renders, so effects can depend on it.
 */
export const toast = {
  error: (message: string) => enqueueSnackbar(message, { variant: 'error' }),
  success: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
  info: (message: string) =>
    enqueueSnackbar(message, { variant: 'info', persist: true, action: closeAction }),
};
export const useToast = () => useMemo(() => toast, []);
