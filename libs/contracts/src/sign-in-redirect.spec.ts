import { isSameSitePath, mayEnter, redirectAfterSignIn } from './sign-in-redirect';
import { SMART_PAGES } from './routes';

describe('the saved redirect', () => {
  it.each(['/smart/authorize?request=abc', '/patient/sharing-records', '/view/1?token=x#frame'])(
    'takes the same-site path %s',
    (value) => {
      expect(isSameSitePath(value)).toBe(true);
    },
  );

  it.each([
    '//evil.example',
    '//evil.example/patient/home',
    'https://evil.example',
    'javascript:alert(1)',
    '/\\evil',
    '/\\\\evil.example',
    '/patient\\..\\..\\evil',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /patient/home',
    'patient/home',
    '',
    `/${'a'.repeat(2048)}`,
    null,
    undefined,
  ])('refuses %j (open-redirect abuse)', (value) => {
    expect(isSameSitePath(value)).toBe(false);
  });

  it('lets a visitor into public routes, signed-in users into signed-in routes, roles into theirs', () => {
    expect(mayEnter('public', false)).toBe(true);
    expect(mayEnter('signed-in', false)).toBe(false);
    expect(mayEnter('signed-in', true)).toBe(true);
    expect(mayEnter(['PATIENT'], true, 'PATIENT')).toBe(true);
    expect(mayEnter(['PATIENT'], true, 'EXTERNAL_PROVIDER')).toBe(false);
    expect(mayEnter(['PATIENT'], false, 'PATIENT')).toBe(false);
  });

  it('goes back after sign-in only to a page of the table the role may enter', () => {
    const consent = `${SMART_PAGES.consent}?request=r1`;
    for (const table of ['new', 'legacy'] as const) {
      expect(redirectAfterSignIn(table, consent, 'PATIENT')).toBe(consent);
      expect(redirectAfterSignIn(table, consent, 'EXTERNAL_PROVIDER')).toBeNull();
    }
    expect(redirectAfterSignIn('new', '/patient/sharing-records', 'PATIENT')).toBe(
      '/patient/sharing-records',
    );
    expect(redirectAfterSignIn('legacy', '/patient/sharing-records', 'PATIENT')).toBeNull();
    expect(redirectAfterSignIn('new', '/settings', 'MEDICAL_COORDINATOR')).toBe('/settings');
    expect(redirectAfterSignIn('new', '/nowhere', 'PATIENT')).toBeNull();
    expect(redirectAfterSignIn('new', '/login', 'PATIENT')).toBeNull();
    expect(redirectAfterSignIn('new', '/st-mary/login', 'PATIENT')).toBeNull();
    expect(redirectAfterSignIn('new', null, 'PATIENT')).toBeNull();
    for (const evil of ['//evil.example', 'https://evil.example', '/\\evil'])
      expect(redirectAfterSignIn('new', evil, 'PATIENT')).toBeNull();
  });
});
