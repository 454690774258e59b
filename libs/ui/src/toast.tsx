import { useMemo, type ReactNode } from 'react';
import { SnackbarProvider, closeSnackbar, useSnackbar } from 'notistack';
import type { SnackbarKey } from 'notistack';

const closeAction = (key: SnackbarKey) => (
  <button type="button" aria-label="Close" onClick={() => closeSnackbar(key)} style={{ background: 'none', border: 0, color: 'inherit', cursor: 'pointer', fontSize: 18 }}>
    ×
  </button>
);

/** notistack provider as the spec wants it: top-centre; errors red, successes green (notistack 3 has no progress bar). */
export const PortalSnackbarProvider = ({ children }: { children: ReactNode }) => (
  <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} autoHideDuration={5000} preventDuplicate>
    {children}
  </SnackbarProvider>
);

/** Toast helpers: error (red), success (green), info (does not auto-close). */
/** Stable across renders, so effects can depend on it. */
export const useToast = () => {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      error: (message: string) => enqueueSnackbar(message, { variant: 'error' }),
      success: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
      info: (message: string) => enqueueSnackbar(message, { variant: 'info', persist: true, action: closeAction }),
    }),
    [enqueueSnackbar],
  );
};
