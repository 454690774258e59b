import { useCallback, useEffect, useReducer } from 'react';

/**
 * The Imaging viewer's player (records spec §4): which image of the stack shows and whether it plays.
 * Pure so that its rules (wrap, stop to frame 0, ends) are tested without a canvas.
 */
export interface PlayerState {
  index: number;
  total: number;
  playing: boolean;
}

export type PlayerAction =
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'stop' }
  /** One beat of the play timer: advances and wraps to the first image. */
  | { type: 'tick' }
  /** The viewport moved by itself (wheel, touch): follow it. */
  | { type: 'show'; index: number }
  | { type: 'total'; total: number };

const clamp = (index: number, total: number) => Math.max(0, Math.min(index, total - 1));

export const canPlay = (s: PlayerState): boolean => s.total >= 2;
/** Previous and next are disabled at the ends only when not playing (play wraps anyway). */
export const canPrev = (s: PlayerState): boolean => s.total >= 2 && (s.playing || s.index > 0);
export const canNext = (s: PlayerState): boolean => s.total >= 2 && (s.playing || s.index < s.total - 1);

export const playerReducer = (s: PlayerState, a: PlayerAction): PlayerState => {
  switch (a.type) {
    case 'next':
      if (!canNext(s)) return s;
      return { ...s, index: (s.index + 1) % s.total };
    case 'prev':
      if (!canPrev(s)) return s;
      return { ...s, index: (s.index - 1 + s.total) % s.total };
    case 'play':
      return canPlay(s) ? { ...s, playing: true } : s;
    case 'pause':
      return { ...s, playing: false };
    case 'stop':
      return { ...s, playing: false, index: 0 };
    case 'tick':
      return s.playing && s.total > 0 ? { ...s, index: (s.index + 1) % s.total } : s;
    case 'show':
      return { ...s, index: clamp(a.index, s.total) };
    case 'total': {
      const total = Math.max(0, a.total);
      return { total, index: total ? clamp(s.index, total) : 0, playing: s.playing && total >= 2 };
    }
  }
};

/** The player over `total` images, ticking every `intervalMs` while it plays. */
export const usePlayer = (total: number, intervalMs: number) => {
  const [state, dispatch] = useReducer(playerReducer, { index: 0, total, playing: false });
  useEffect(() => dispatch({ type: 'total', total }), [total]);
  useEffect(() => {
    if (!state.playing) return undefined;
    const timer = setInterval(() => dispatch({ type: 'tick' }), intervalMs);
    return () => clearInterval(timer);
  }, [state.playing, intervalMs]);
  const act = useCallback((a: PlayerAction) => dispatch(a), []);
  return { state, act };
};

/** Widgets that use the arrow keys themselves (a menu, the study picker, tabs). */
const ARROW_KEY_WIDGETS =
  '[role="listbox"],[role="option"],[role="combobox"],[role="menu"],[role="menuitem"],[role="tab"],[role="slider"]';

/** Left and right arrow keys step (records spec §2.7) anywhere on the page, unless a field or widget wants them. */
export const arrowKeyAction = (e: Pick<KeyboardEvent, 'key' | 'target'>): PlayerAction | null => {
  const target = e.target as HTMLElement | null;
  if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable))
    return null;
  if (target && typeof target.closest === 'function' && target.closest(ARROW_KEY_WIDGETS)) return null;
  if (e.key === 'ArrowLeft') return { type: 'prev' };
  if (e.key === 'ArrowRight') return { type: 'next' };
  return null;
};
