import { linkOpens } from './viewer-link.rule';

const now = new Date('2026-11-26T12:00:00Z');

describe('viewer-link rule', () => {
  it('opens while neither revoked nor expired', () => {
    expect(linkOpens({ revoked: false, expiresAt: null }, now)).toBe(true);
    expect(linkOpens({ revoked: false, expiresAt: '2026-12-01T00:00:00Z' }, now)).toBe(true);
  });

  it('does not open revoked, expired or unknown links', () => {
    expect(linkOpens({ revoked: true, expiresAt: null }, now)).toBe(false);
    expect(linkOpens({ revoked: false, expiresAt: now }, now)).toBe(false);
    expect(linkOpens(null, now)).toBe(false);
    expect(linkOpens(undefined, now)).toBe(false);
  });
});
