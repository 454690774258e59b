import { isS256Challenge, s256, verifierProves } from './pkce';

describe('PKCE (S256 only)', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';

  it('matches RFC 7636 appendix B', () => {
    expect(s256(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(verifierProves(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
  });

  it('refuses a plain verifier sent as the challenge, a short verifier and a wrong one', () => {
    expect(verifierProves(verifier, verifier)).toBe(false);
    expect(verifierProves('short', s256('short'))).toBe(false);
    expect(verifierProves(undefined, s256(verifier))).toBe(false);
    expect(verifierProves(verifier.replace('d', 'e'), s256(verifier))).toBe(false);
  });

  it('knows an S256 challenge by its shape (a plain verifier is longer or has other characters)', () => {
    expect(isS256Challenge(s256(verifier))).toBe(true);
    expect(isS256Challenge(verifier + 'abc')).toBe(false);
    expect(isS256Challenge(undefined)).toBe(false);
  });
});
