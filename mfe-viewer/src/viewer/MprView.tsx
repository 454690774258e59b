import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { StackDisplay } from './cornerstone/stack-display';
import { Crosshairs, MprPane, PlaneLabel, useCrosshairDrag } from './MprPane';
import { useMpr } from './mpr/use-mpr';
import { crosshairLines, reformatIndex, sliceAt, worldOf } from './mpr/volume';

export type CutDisplays = [StackDisplay | null, StackDisplay | null];

export interface MprViewProps {
  /** The leading viewport's display (the acquired plane) and its box, where its crosshairs are drawn. */
  display: StackDisplay;
  lead: HTMLElement;
  /** The image the leading viewport shows, and how to show another (the player's). */
  shownIndex: number;
  show: (index: number) => void;
  crosshairs: boolean;
  /** The two cuts' displays as they draw (windowed with the leading one), nulls after. */
  onCuts: (cuts: CutDisplays) => void;
}

/**
 * MPR, loaded on first use (its own chunk): the two cuts beside the leading viewport, and the
 * crosshairs in all three. Rendered inside the viewer's grid, after the leading viewport.
 */
const MprView = ({ display, lead, shownIndex, show, crosshairs, onCuts }: MprViewProps) => {
  const { mpr, point, scrollCut, moveTo } = useMpr(display, shownIndex, show);
  const [cuts, setCuts] = useState<CutDisplays>([null, null]);
  const cutShown = useMemo(
    () => [0, 1].map((n) => (d: StackDisplay | null) => setCuts((c) => (n === 0 ? [d, c[1]] : [c[0], d]))),
    [],
  );
  useEffect(() => onCuts(cuts), [cuts, onCuts]);
  useEffect(() => () => onCuts([null, null]), [onCuts]);
  useCrosshairDrag(lead, display, Boolean(mpr) && crosshairs, moveTo);
  if (!mpr || !point) return null;
  const { volume } = mpr;
  const world = worldOf(volume, point);
  return (
    <>
      {createPortal(
        <>
          <Crosshairs display={display} world={world} lines={crosshairLines(volume, 0)} />
          <PlaneLabel
            name={volume.acquired}
            index={sliceAt(volume, point.depth)}
            total={volume.depths.length}
          />
        </>,
        lead,
      )}
      {volume.reformats.map((r, n) => (
        <MprPane
          key={`${r.name}:${mpr.reformatIds[n][0]}`}
          name={r.name}
          imageIds={mpr.reformatIds[n]}
          index={reformatIndex(r, point)}
          world={world}
          lines={crosshairLines(volume, n + 1)}
          crosshairs={crosshairs}
          onIndex={(index) => scrollCut(n as 0 | 1, index)}
          onWorld={moveTo}
          onDisplay={cutShown[n]}
        />
      ))}
    </>
  );
};

export default MprView;
