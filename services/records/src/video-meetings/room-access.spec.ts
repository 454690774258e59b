import { newRoomToken, tokenMatches } from './room-access';

describe('room tokens', () => {
  it('match only the hash of the latest join', () => {
    const first = newRoomToken();
    const second = newRoomToken();
    expect(tokenMatches(first.token, first.hash)).toBe(true);
    expect(tokenMatches(first.token, second.hash)).toBe(false);
  });

  it('refuse a missing token, a left participant (no hash) and an oversized header', () => {
    const { hash } = newRoomToken();
    expect(tokenMatches(undefined, hash)).toBe(false);
    expect(tokenMatches('', hash)).toBe(false);
    expect(tokenMatches(newRoomToken().token, null)).toBe(false);
    expect(tokenMatches('x'.repeat(10_000), hash)).toBe(false);
  });
});
