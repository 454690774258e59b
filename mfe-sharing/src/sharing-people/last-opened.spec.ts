import { lastOpened } from './last-opened';

describe('lastOpened', () => {
  it('says when and how often, or that nothing was opened yet', () => {
    expect(lastOpened(null, 0)).toBe('Not opened yet');
    expect(lastOpened('2026-11-20T10:00:00Z', 1)).toMatch(/^Last opened .*2026 · opened 1 time$/);
    expect(lastOpened('2026-11-20T10:00:00Z', 3)).toMatch(/opened 3 times$/);
  });
});
