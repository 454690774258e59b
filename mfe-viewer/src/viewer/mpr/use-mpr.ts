import { useCallback, useEffect, useState } from 'react';
import type { StackDisplay } from '../cornerstone/stack-display';
import type { MprVolume } from '../cornerstone/mpr-images';
import { clampPoint, onReformat, pointOf, sliceAt, type Vec3, type VolumePoint } from './volume';

const samePoint = (a: VolumePoint | null, b: VolumePoint) =>
  a !== null && a.i === b.i && a.j === b.j && a.depth === b.depth;

/**
 * MPR beside the leading viewport: whether the loaded series is a volume, the volume once MPR is on,
 * and the crosshairs' point, which the leading viewport's slice and each cut follow. The leading
 * viewport keeps the acquired plane (with the player, measurements and key images); only the two cuts
 * are new viewports.
 */
export const useMpr = (
  display: StackDisplay | null,
  allLoaded: boolean,
  on: boolean,
  shownIndex: number,
  show: (index: number) => void,
) => {
  const [available, setAvailable] = useState(false);
  const [mpr, setMpr] = useState<MprVolume | null>(null);
  const [point, setPointState] = useState<VolumePoint | null>(null);
  const setPoint = useCallback((p: VolumePoint) => setPointState((old) => (samePoint(old, p) ? old : p)), []);

  useEffect(() => {
    setAvailable(false);
    if (!display || !allLoaded) return undefined;
    let live = true;
    void import('../cornerstone').then((m) => live && setAvailable(m.isMprVolume(display.imageIds())));
    return () => {
      live = false;
    };
  }, [display, allLoaded]);

  useEffect(() => {
    if (!on || !available || !display) return undefined;
    let live = true;
    let opened: MprVolume | null = null;
    void import('../cornerstone').then((m) => {
      if (!live) return;
      opened = m.openMprVolume(display.imageIds());
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
    });
    return () => {
      live = false;
      opened?.close();
      setMpr(null);
      setPointState(null);
    };
  }, [on, available, display]);

  // The leading viewport scrolled (player, wheel): the point moves to its slice.
  useEffect(() => {
    if (!mpr || !display) return;
    const k = mpr.acquiredIds.indexOf(display.imageIds()[shownIndex] ?? '');
    if (k >= 0)
      setPointState((p) =>
        p && p.depth !== mpr.volume.depths[k] ? { ...p, depth: mpr.volume.depths[k] } : p,
      );
  }, [mpr, display, shownIndex]);

  // The point moved elsewhere (crosshairs dragged in a cut): the leading viewport shows its slice.
  const depth = point?.depth;
  useEffect(() => {
    if (!mpr || !display || depth === undefined) return;
    const index = display.indexOf(mpr.acquiredIds[sliceAt(mpr.volume, depth)]);
    if (index >= 0) show(index);
  }, [mpr, display, depth, show]);

  /** Cut `n` scrolled by hand (or told to show its image): the point moves onto that image. */
  const scrollCut = useCallback(
    (n: 0 | 1, index: number) => {
      if (!mpr) return;
      setPointState((p) => {
        const moved = p && onReformat(mpr.volume.reformats[n], p, index);
        return moved && !samePoint(p, moved) ? moved : p;
      });
    },
    [mpr],
  );

  /** The crosshairs dragged to a patient point (in any viewport's plane). */
  const moveTo = useCallback(
    (world: Vec3) => {
      if (mpr) setPoint(clampPoint(mpr.volume, pointOf(mpr.volume, world)));
    },
    [mpr, setPoint],
  );

  return { available, mpr, point, scrollCut, moveTo };
};
