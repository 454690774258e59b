import { useEffect, useState } from 'react';
import type { StackDisplay } from '../cornerstone/stack-display';

/**
 * Whether the loaded series can be shown in MPR (the MPR button is offered only then). Asked once every
 * image is loaded, from its own chunk: nothing of MPR is fetched before the first image.
 */
export const useMprAvailable = (display: StackDisplay | null, complete: boolean): boolean => {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    setAvailable(false);
    if (!display || !complete) return undefined;
    let live = true;
    void import(/* webpackChunkName: "viewer-mpr" */ '../cornerstone/mpr-images').then(
      (m) => live && setAvailable(m.isMprVolume(display.imageIds())),
    );
    return () => {
      live = false;
    };
  }, [display, complete]);
  return available;
};
