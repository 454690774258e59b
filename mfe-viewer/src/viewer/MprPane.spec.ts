import { cutKeyIndex } from './MprPane';

describe('cutKeyIndex', () => {
  it('steps a cut with the arrows, ten with the page keys, to its ends with Home and End, never past them', () => {
    expect(cutKeyIndex('ArrowRight', 5, 10)).toBe(6);
    expect(cutKeyIndex('ArrowDown', 5, 10)).toBe(4);
    expect(cutKeyIndex('PageUp', 5, 10)).toBe(9);
    expect(cutKeyIndex('PageDown', 5, 10)).toBe(0);
    expect(cutKeyIndex('Home', 5, 10)).toBe(0);
    expect(cutKeyIndex('End', 5, 10)).toBe(9);
    expect(cutKeyIndex('ArrowLeft', 0, 10)).toBe(0);
    expect(cutKeyIndex('a', 5, 10)).toBeNull();
  });
});
