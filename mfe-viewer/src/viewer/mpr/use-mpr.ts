import { useCallback, useEffect, useState } from 'react';
import type { StackDisplay } from '../cornerstone/stack-display';
import { openMprVolume, type MprVolume } from '../cornerstone/mpr-images';
import { clampPoint, onReformat, pointOf, sliceAt, type Vec3, type VolumePoint } from './volume';

const samePoint = (a: VolumePoint | null, b: VolumePoint) =>
  a !== null && a.i === b.i && a.j === b.j && a.depth === b.depth;

/**
 * MPR beside the leading viewport: the loaded series opened as a volume, and the crosshairs' point,
 * which the leading viewport's slice and each cut follow. The leading viewport keeps the acquired plane
 * (with the player, measurements and key images); only the two cuts are new viewports.
 */
export const useMpr = (display: StackDisplay, shownIndex: number, show: (index: number) => void) => {
  const [mpr, setMpr] = useState<MprVolume | null>(null);
  const [point, setPointState] = useState<VolumePoint | null>(null);
  /** Moves the point (once there is one); the same place keeps the same object, so nothing re-renders. */
  const movePoint = useCallback(
    (to: (p: VolumePoint) => VolumePoint) =>
      setPointState((p) => {
        const moved = p && to(p);
        return moved && !samePoint(p, moved) ? moved : p;
      }),
    [],
  );

  useEffect(() => {
    const opened = openMprVolume(display.imageIds());
    setMpr(opened);
    if (opened) {
      const k = opened.acquiredIds.indexOf(display.currentImageId() ?? '');
      const { volume } = opened;
      setPointState({
        i: (volume.columns - 1) / 2,
        j: (volume.rows - 1) / 2,
        depth: volume.depths[Math.max(0, k)],
      });
    }
    return () => {
      opened?.close();
      setMpr(null);
      setPointState(null);
    };
  }, [display]);

  // The leading viewport scrolled (player, wheel): the point moves to its slice.
  useEffect(() => {
    if (!mpr) return;
    const k = mpr.acquiredIds.indexOf(display.imageIds()[shownIndex] ?? '');
    if (k >= 0) movePoint((p) => ({ ...p, depth: mpr.volume.depths[k] }));
  }, [mpr, display, shownIndex, movePoint]);

  // The point moved elsewhere (crosshairs dragged in a cut): the leading viewport shows its slice.
  const depth = point?.depth;
  useEffect(() => {
    if (!mpr || depth === undefined) return;
    const index = display.indexOf(mpr.acquiredIds[sliceAt(mpr.volume, depth)]);
    if (index >= 0) show(index);
  }, [mpr, display, depth, show]);

  /** Cut `n` scrolled by hand (or told to show its image): the point moves onto that image. */
  const scrollCut = useCallback(
    (n: 0 | 1, index: number) => {
      if (mpr) movePoint((p) => onReformat(mpr.volume.reformats[n], p, index));
    },
    [mpr, movePoint],
  );

  /** The crosshairs dragged to a patient point (in any viewport's plane). */
  const moveTo = useCallback(
    (world: Vec3) => {
      if (mpr) movePoint(() => clampPoint(mpr.volume, pointOf(mpr.volume, world)));
    },
    [mpr, movePoint],
  );

  return { mpr, point, scrollCut, moveTo };
};
