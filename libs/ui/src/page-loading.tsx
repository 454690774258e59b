import { Suspense, lazy } from 'react';

// Fetched only when a screen is actually being loaded: the first screen of a remote is never lazy,
// so its first load does not carry the bar (decision 0007).
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

/** The Suspense fallback of a remote's lazy screens: a thin progress bar under the header. */
export const PageLoading = () => (
  <Suspense fallback={null}>
    <LinearProgress aria-label="Loading" />
  </Suspense>
);
