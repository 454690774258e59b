import { useEffect } from 'react';
import { MaterialDesignContent, SnackbarProvider, closeSnackbar, enqueueSnackbar } from 'notistack';
import { styled } from '@mui/material/styles';
import type { Notify } from './toast';

/** notistack's green and blue fail WCAG AA contrast with white text; these pass (7.9:1, 8.6:1, 5.6:1). */
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0d47a1' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
  // One line of text is as tall as the header's centre can take (see placement below).
  '&.notistack-MuiContent': { minHeight: 44, paddingTop: 2, paddingBottom: 2 },
});
const TOAST_COMPONENTS = { default: Toast, success: Toast, info: Toast, error: Toast, warning: Toast };

// notistack's globals point at the provider constructed last; read them when called, not when loaded.
const NOTIFY: Notify = {
  enqueue: (message, options) => enqueueSnackbar(message, options),
  close: (key) => closeSnackbar(key),
};

/**
 * The portal's one notistack provider, as the spec wants it: top-centre; errors red, successes green
 * (notistack 3 has no progress bar). Dense, so the first toast sits in the header's empty centre,
 * above the page heading; with one toast per action (toast.ts) a second one is rare.
 */
const Toaster = ({ onReady, onGone }: { onReady: (n: Notify) => void; onGone: () => void }) => {
  useEffect(() => {
    onReady(NOTIFY);
    return onGone;
  }, [onReady, onGone]);
  return (
    <SnackbarProvider
      maxSnack={3}
      dense
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      autoHideDuration={5000}
      Components={TOAST_COMPONENTS}
    />
  );
};

export default Toaster;
