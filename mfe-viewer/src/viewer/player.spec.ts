import { act, renderHook } from '@testing-library/react';
import {
  arrowKeyAction,
  canNext,
  canPlay,
  canPrev,
  playerReducer,
  usePlayer,
  type PlayerState,
} from './player';

const at = (index: number, total: number, playing = false): PlayerState => ({ index, total, playing });

describe('the player (records spec §4)', () => {
  it('disables previous at the first image and next at the last when not playing', () => {
    expect(canPrev(at(0, 5))).toBe(false);
    expect(canNext(at(0, 5))).toBe(true);
    expect(canNext(at(4, 5))).toBe(false);
    expect(canPrev(at(4, 5))).toBe(true);
    expect(playerReducer(at(0, 5), { type: 'prev' })).toEqual(at(0, 5));
    expect(playerReducer(at(4, 5), { type: 'next' })).toEqual(at(4, 5));
  });

  it('keeps previous and next enabled at the ends while playing', () => {
    expect(canPrev(at(0, 5, true))).toBe(true);
    expect(canNext(at(4, 5, true))).toBe(true);
    expect(playerReducer(at(4, 5, true), { type: 'next' }).index).toBe(0);
  });

  it('disables play, pause and stop with fewer than 2 images', () => {
    expect(canPlay(at(0, 1))).toBe(false);
    expect(canPlay(at(0, 0))).toBe(false);
    expect(playerReducer(at(0, 1), { type: 'play' }).playing).toBe(false);
    expect(canPlay(at(0, 2))).toBe(true);
  });

  it('wraps to the first image while playing and stop returns to frame 0', () => {
    let s = playerReducer(at(2, 3), { type: 'play' });
    s = playerReducer(s, { type: 'tick' });
    expect(s).toEqual(at(0, 3, true));
    s = playerReducer(playerReducer(s, { type: 'tick' }), { type: 'stop' });
    expect(s).toEqual(at(0, 3));
    expect(playerReducer(at(1, 3), { type: 'tick' }).index).toBe(1);
  });

  it('follows the viewport and stays inside a shrunken stack', () => {
    expect(playerReducer(at(0, 10), { type: 'show', index: 7 }).index).toBe(7);
    expect(playerReducer(at(7, 10, true), { type: 'total', total: 1 })).toEqual(at(0, 1));
  });

  it('steps with the left and right arrow keys, not while typing', () => {
    const div = document.createElement('div');
    expect(arrowKeyAction({ key: 'ArrowRight', target: div })).toEqual({ type: 'next' });
    expect(arrowKeyAction({ key: 'ArrowLeft', target: div })).toEqual({ type: 'prev' });
    expect(arrowKeyAction({ key: 'ArrowUp', target: div })).toBeNull();
    expect(arrowKeyAction({ key: 'ArrowRight', target: document.createElement('input') })).toBeNull();
    const tab = document.createElement('div');
    tab.setAttribute('role', 'tab');
    expect(arrowKeyAction({ key: 'ArrowRight', target: tab })).toBeNull();
  });

  it("advances at the interval it is given: 40 ms, then the server's", () => {
    jest.useFakeTimers();
    try {
      const { result, rerender } = renderHook(({ ms }) => usePlayer(5, ms), { initialProps: { ms: 40 } });
      act(() => result.current.act({ type: 'play' }));
      act(() => jest.advanceTimersByTime(40));
      expect(result.current.state.index).toBe(1);
      rerender({ ms: 200 });
      act(() => jest.advanceTimersByTime(160));
      expect(result.current.state.index).toBe(1);
      act(() => jest.advanceTimersByTime(40));
      expect(result.current.state.index).toBe(2);
      act(() => result.current.act({ type: 'pause' }));
      act(() => jest.advanceTimersByTime(1000));
      expect(result.current.state.index).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
