import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from './theme';

export type Breakpoint = 'mobile' | 'tablet' | 'desktop';

export const breakpointOf = (width: number): Breakpoint =>
  width < BREAKPOINTS.tablet ? 'mobile' : width < BREAKPOINTS.desktop ? 'tablet' : 'desktop';

const subscribe = (cb: () => void) => {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
};

/** Current breakpoint: mobile < 768, tablet 768–1023, desktop ≥ 1024. */
export const useBreakpoint = (): Breakpoint =>
  useSyncExternalStore(
    subscribe,
    () => breakpointOf(window.innerWidth),
    () => 'desktop',
  );
