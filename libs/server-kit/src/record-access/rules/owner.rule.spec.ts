import { isHolder } from './owner.rule';

describe('owner rule', () => {
  it('lets a user read what they hold, and nothing another account holds', () => {
    expect(isHolder('u1', ['u2', 'u1'])).toBe(true);
    expect(isHolder('u1', ['u2'])).toBe(false);
    expect(isHolder('u1', [])).toBe(false);
  });
});
