import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { StackDisplay } from './cornerstone/stack-display';
import type { PlaneName, Vec3 } from './mpr/volume';
import { VIEWPORT_OVERLAY, VIEWPORT_SX } from './ViewerParts';

/** Each plane's colour, on its label and on the crosshair line that stands for it (OHIF's colours). */
export const PLANE_COLOR: Record<PlaneName, string> = {
  Axial: '#ef5350',
  Sagittal: '#fdd835',
  Coronal: '#66bb6a',
};

/** A cut's viewport: half the leading one's height beside it on a screen, a phone's width high on a phone. */
export const MPR_VIEWPORT_SX = { ...VIEWPORT_SX, height: { xs: '62vw', sm: 238 }, minHeight: 160 } as const;

export interface CrosshairsProps {
  display: StackDisplay | null;
  /** The crosshairs' point, in the patient. */
  world: Vec3 | null;
  lines: Array<{ name: PlaneName; direction: Vec3 }>;
}

/** The crosshair lines over a viewport, redrawn after each render so they follow zoom and pan. */
export const Crosshairs = ({ display, world, lines }: CrosshairsProps) => {
  const [, setRendered] = useState(0);
  useEffect(() => display?.onRender(() => setRendered((n) => n + 1)), [display]);
  if (!display || !world) return null;
  const at = display.worldToCanvas(world);
  return (
    <Box
      component="svg"
      aria-hidden
      data-testid="crosshairs"
      data-x={Math.round(at[0])}
      data-y={Math.round(at[1])}
      sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
    >
      {lines.map((l) => {
        const [x, y] = display.worldToCanvas([
          world[0] + l.direction[0],
          world[1] + l.direction[1],
          world[2] + l.direction[2],
        ]);
        const len = Math.hypot(x - at[0], y - at[1]) || 1;
        // Long enough to cross any viewport; the svg clips it.
        const dx = ((x - at[0]) / len) * 1e4;
        const dy = ((y - at[1]) / len) * 1e4;
        return (
          <line
            key={l.name}
            x1={at[0] - dx}
            y1={at[1] - dy}
            x2={at[0] + dx}
            y2={at[1] + dy}
            stroke={PLANE_COLOR[l.name]}
            strokeWidth={1}
          />
        );
      })}
    </Box>
  );
};

/**
 * While the crosshairs are on, the left button (one finger) on `box` moves them instead of the window:
 * taken in the capture phase on the viewport's box, before Cornerstone's own listeners on the viewport
 * inside it hear it.
 */
export const useCrosshairDrag = (
  box: HTMLElement | null,
  display: StackDisplay | null,
  on: boolean,
  onWorld: (world: Vec3) => void,
): void => {
  const moved = useRef(onWorld);
  moved.current = onWorld;
  useEffect(() => {
    if (!box || !display || !on) return undefined;
    const follow = (x: number, y: number) => {
      const at = box.getBoundingClientRect();
      moved.current(display.canvasToWorld([x - at.left, y - at.top]) as Vec3);
    };
    const drag = (
      start: Event,
      point: (e: Event) => [number, number] | null,
      moves: string,
      ends: string,
    ) => {
      start.stopPropagation();
      const first = point(start);
      if (first) follow(...first);
      const move = (e: Event) => {
        const p = point(e);
        if (p) follow(...p);
      };
      const end = () => {
        window.removeEventListener(moves, move);
        window.removeEventListener(ends, end);
      };
      window.addEventListener(moves, move);
      window.addEventListener(ends, end);
    };
    const mouse = (e: Event): [number, number] => [(e as MouseEvent).clientX, (e as MouseEvent).clientY];
    const finger = (e: Event): [number, number] | null => {
      const t = (e as TouchEvent).touches;
      return t.length === 1 ? [t[0].clientX, t[0].clientY] : null;
    };
    const onMouse = (e: MouseEvent) => {
      if (e.button !== 0) return;
      e.preventDefault();
      drag(e, mouse, 'mousemove', 'mouseup');
    };
    const onTouch = (e: TouchEvent) => {
      if (e.touches.length === 1) drag(e, finger, 'touchmove', 'touchend');
    };
    box.addEventListener('mousedown', onMouse, { capture: true });
    box.addEventListener('touchstart', onTouch, { capture: true });
    return () => {
      box.removeEventListener('mousedown', onMouse, { capture: true });
      box.removeEventListener('touchstart', onTouch, { capture: true });
    };
  }, [box, display, on]);
};

/** A plane's name and image number over its viewport, in the plane's colour. */
export const PlaneLabel = ({ name, index, total }: { name: PlaneName; index: number; total: number }) => (
  <Typography
    variant="body2"
    data-testid="plane-label"
    sx={{ ...VIEWPORT_OVERLAY, top: 0, left: 0, color: PLANE_COLOR[name] }}
  >
    {`${name} ${index + 1} / ${total}`}
  </Typography>
);

/** Where a key moves a cut of `total` images from `index` (null: not a key the cut takes). */
export const cutKeyIndex = (key: string, index: number, total: number): number | null => {
  const step: Record<string, number> = {
    ArrowRight: 1,
    ArrowUp: 1,
    ArrowLeft: -1,
    ArrowDown: -1,
    PageUp: 10,
    PageDown: -10,
  };
  if (key === 'Home') return 0;
  if (key === 'End') return total - 1;
  return key in step ? Math.min(total - 1, Math.max(0, index + step[key])) : null;
};

export interface MprPaneProps {
  name: PlaneName;
  imageIds: string[];
  /** The cut shown: the crosshairs' place along this plane's normal. */
  index: number;
  world: Vec3 | null;
  lines: CrosshairsProps['lines'];
  crosshairs: boolean;
  /** Scrolled by hand (wheel, three fingers). */
  onIndex: (index: number) => void;
  onWorld: (world: Vec3) => void;
  /** The pane's display once it draws (its window/level is kept with the leading one's), null after. */
  onDisplay: (display: StackDisplay | null) => void;
}

/** One cut of MPR (sagittal or coronal of an axial series): a stack of cuts, its label and crosshairs. */
export const MprPane = ({
  name,
  imageIds,
  index,
  world,
  lines,
  crosshairs,
  onIndex,
  onWorld,
  onDisplay,
}: MprPaneProps) => {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [display, setDisplay] = useState<StackDisplay | null>(null);
  const [ready, setReady] = useState(false);
  const scrolled = useRef(onIndex);
  scrolled.current = onIndex;
  const first = useRef(index);
  first.current = index;

  useEffect(() => {
    if (!element) return undefined;
    let live = true;
    let made: StackDisplay | null = null;
    void import('./cornerstone').then(async (m) => {
      if (!live) return;
      made = new m.StackDisplay(element, {
        onImageShown: (i) => scrolled.current(i),
        onFirstImage: () => live && setReady(true),
        onProgress: () => undefined,
      });
      await made.restack(imageIds, first.current);
      if (live) setDisplay(made);
    });
    return () => {
      live = false;
      made?.destroy();
      setDisplay(null);
      setReady(false);
    };
  }, [element, imageIds]);
  useEffect(() => {
    onDisplay(ready ? display : null);
    return () => onDisplay(null);
  }, [ready, display, onDisplay]);
  useEffect(() => {
    if (display) void display.showImage(index);
  }, [display, index]);

  const [box, setBox] = useState<HTMLDivElement | null>(null);
  useCrosshairDrag(box, display, crosshairs, onWorld);
  return (
    <Box
      ref={setBox}
      data-testid="mpr-pane"
      data-plane={name}
      data-index={index}
      data-state={ready ? 'ready' : 'loading'}
      sx={{ position: 'relative', minWidth: 0 }}
    >
      <Box
        ref={setElement}
        data-testid={`mpr-${name.toLowerCase()}`}
        // A slider for the keyboard and assistive technology: the arrow keys, Home and End move the cut.
        role="slider"
        tabIndex={0}
        aria-label={`${name} cut`}
        aria-valuemin={1}
        aria-valuemax={imageIds.length}
        aria-valuenow={index + 1}
        aria-valuetext={`${name} image ${index + 1} of ${imageIds.length}`}
        onKeyDown={(e) => {
          const to = cutKeyIndex(e.key, index, imageIds.length);
          if (to === null) return;
          e.preventDefault();
          onIndex(to);
        }}
        onContextMenu={(e) => e.preventDefault()}
        sx={{
          ...MPR_VIEWPORT_SX,
          '&:focus-visible': { outline: '2px solid', outlineColor: PLANE_COLOR[name] },
        }}
      />
      <Crosshairs display={ready ? display : null} world={world} lines={lines} />
      <PlaneLabel name={name} index={index} total={imageIds.length} />
    </Box>
  );
};
