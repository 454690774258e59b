import {
  comeBackAfterSignIn,
  guardRedirect,
  isRemoteActive,
  redirectKeptAtStartup,
  startupRedirect,
} from './routing';
import { menuItems } from './menu';

const out = { signedIn: false };
const patient = { signedIn: true, role: 'PATIENT' as const };
const provider = { signedIn: true, role: 'EXTERNAL_PROVIDER' as const };
const coordinator = { signedIn: true, role: 'MEDICAL_COORDINATOR' as const };

describe('start-up redirects', () => {
  const start = (pathname: string, session: typeof out | typeof patient, extra = {}) =>
    startupRedirect({ table: 'new', pathname, session, ...extra });

  it('honours the saved redirect value', () => {
    expect(
      start('/patient/my-records/all-requests', patient, { savedRedirect: '/patient/sharing-records' }),
    ).toBe('/patient/sharing-records');
  });
  it('does not follow a saved redirect to a page the user may not enter', () => {
    expect(start('/home', provider, { savedRedirect: '/patient/sharing-records' })).toBe(
      '/provider/external-requests',
    );
    // A signed-out visitor stays where they are; the saved page waits for the sign-in.
    expect(start('/login', out, { savedRedirect: '/patient/sharing-records' })).toBeNull();
    expect(start('/home', out, { savedRedirect: '/patient/sharing-records' })).toBeNull();
  });
  it('follows a saved redirect to a public page for a signed-out visitor', () => {
    expect(start('/home', out, { savedRedirect: '/view/abc?token=t' })).toBe('/view/abc?token=t');
  });
  it('never follows a saved redirect to another site', () => {
    for (const savedRedirect of ['//evil.example', 'https://evil.example', '/\\evil']) {
      expect(start('/patient/my-records/all-requests', patient, { savedRedirect })).toBeNull();
      expect(start('/login', out, { savedRedirect })).toBeNull();
    }
  });
  it('sends a signed-in provider to the provider area', () => {
    expect(start('/home', provider)).toBe('/provider/all-records');
    expect(start('/', provider)).toBe('/provider/all-records');
    expect(start('/login', provider)).toBe('/provider/all-records');
  });
  it('sends a signed-in patient on my-records or an unlisted path to all my records', () => {
    expect(start('/patient/my-records', patient)).toBe('/patient/my-records/all-requests');
    expect(start('/nowhere', patient)).toBe('/patient/my-records/all-requests');
    expect(start('/patient/my-records/all-requests', patient)).toBeNull();
  });
  it('sends a signed-out visitor to login, or to the landing page for /', () => {
    expect(start('/patient/my-records/all-requests', out)).toBe('/login');
    expect(start('/', out)).toBe('/home');
    expect(start('/login', out)).toBeNull();
    expect(start('/signup', out)).toBeNull();
    expect(start('/view/abc', out)).toBeNull();
  });
  it('opens the external consent page for external-request paths', () => {
    expect(start('/external-request/42', out)).toBe('/external-request/42/consent');
    expect(start('/external-request/42/verify-details', patient)).toBe('/external-request/42/consent');
    expect(start('/external-request/42/consent', out)).toBeNull();
  });
  it('legacy table: / is the public landing, signed-in users go to their role page', () => {
    expect(startupRedirect({ table: 'legacy', pathname: '/', session: out })).toBeNull();
    expect(startupRedirect({ table: 'legacy', pathname: '/', session: patient })).toBe('/myRecords');
    expect(startupRedirect({ table: 'legacy', pathname: '/myRecords', session: out })).toBe('/login');
  });
});

describe('coming back after sign-in', () => {
  const consent = { pathname: '/smart/authorize', search: '?request=r1' };

  it('saves the page a signed-out visitor opened, with its query, when sending them to login', () => {
    for (const table of ['new', 'legacy'] as const) {
      expect(guardRedirect(table, consent.pathname, out)).toBe('/login');
      expect(comeBackAfterSignIn(table, consent.pathname, consent.search, out)).toBe(
        '/smart/authorize?request=r1',
      );
    }
    expect(comeBackAfterSignIn('new', '/patient/sharing-records', '', out)).toBe('/patient/sharing-records');
  });
  it('saves nothing for public or unknown pages, or once signed in', () => {
    expect(comeBackAfterSignIn('new', '/login', '', out)).toBeNull();
    expect(comeBackAfterSignIn('new', '/view/abc', '?token=t', out)).toBeNull();
    expect(comeBackAfterSignIn('new', '/nowhere', '', out)).toBeNull();
    expect(comeBackAfterSignIn('new', consent.pathname, consent.search, patient)).toBeNull();
  });
  it('never saves a path a browser reads as another site (open-redirect abuse)', () => {
    for (const pathname of ['//evil.example', 'https://evil.example', '/\\evil', '//evil.example/settings'])
      expect(comeBackAfterSignIn('new', pathname, '', out)).toBeNull();
    expect(comeBackAfterSignIn('new', '/settings', '?x=\n', out)).toBeNull();
    expect(comeBackAfterSignIn('new', '/settings', '?x=\\evil', out)).toBeNull();
  });

  it('keeps at start-up the page a signed-out visitor is sent to login from, or the page still waiting', () => {
    const keep = (
      pathname: string,
      session: typeof out | typeof patient,
      savedRedirect: string | null,
      search = '',
    ) => redirectKeptAtStartup({ table: 'new', pathname, search, session, savedRedirect });
    expect(keep(consent.pathname, out, null, consent.search)).toBe('/smart/authorize?request=r1');
    expect(keep(consent.pathname, out, '/patient/sharing-records', consent.search)).toBe(
      '/smart/authorize?request=r1',
    );
    // A reload of the login page, or a look at the landing page, keeps the page waiting for sign-in.
    expect(keep('/login', out, '/smart/authorize?request=r1')).toBe('/smart/authorize?request=r1');
    expect(keep('/home', out, '/smart/authorize?request=r1')).toBe('/smart/authorize?request=r1');
    // Once signed in it was honoured (or refused): nothing is kept.
    expect(keep('/login', patient, '/smart/authorize?request=r1')).toBeNull();
    // A public page was followed; another site's address is dropped.
    expect(keep('/home', out, '/view/abc')).toBeNull();
    for (const evil of ['//evil.example', 'https://evil.example', '/\\evil'])
      expect(keep('/login', out, evil)).toBeNull();
  });
});

describe('guard on every route change', () => {
  it('sends a signed-in user on an unknown path to the role fallback', () => {
    expect(guardRedirect('new', '/unknown', coordinator)).toBe('/groups');
    expect(guardRedirect('new', '/', patient)).toBe('/patient/my-records/all-requests');
  });
  it('sends a role without access to its fallback', () => {
    expect(guardRedirect('new', '/provider/all-records', patient)).toBe('/patient/my-records/all-requests');
    expect(guardRedirect('new', '/patient/sharing-records', provider)).toBe('/provider/external-requests');
    expect(guardRedirect('new', '/settings', provider)).toBeNull();
  });
  it('lets everyone reach public pages', () => {
    expect(guardRedirect('new', '/home', patient)).toBeNull();
    expect(guardRedirect('new', '/view/1', out)).toBeNull();
  });
});

describe('activity', () => {
  it('activates the remote owning the path when access is allowed', () => {
    expect(isRemoteActive('mfe-auth', 'new', '/login', out)).toBe(true);
    expect(isRemoteActive('mfe-records', 'new', '/patient/my-records/all-requests', patient)).toBe(true);
    expect(isRemoteActive('mfe-records', 'new', '/patient/my-records/all-requests', out)).toBe(false);
    expect(isRemoteActive('mfe-provider', 'new', '/provider/all-records', patient)).toBe(false);
    expect(isRemoteActive('mfe-request-wizard', 'legacy', '/', out)).toBe(true);
  });
});

describe('side menu', () => {
  it('patient: Sharing only with studies', () => {
    expect(menuItems('new', 'PATIENT', false).map((i) => i.label)).toEqual([
      'My Records',
      'Smart FHIR',
      'Groups and coordinators',
      'Settings',
    ]);
    expect(menuItems('new', 'PATIENT', true).map((i) => [i.label, i.path, i.testId])).toEqual([
      ['My Records', '/patient/my-records/all-requests', 'menu-my-records'],
      ['Sharing', '/patient/sharing-records', 'menu-sharing'],
      ['Smart FHIR', '/smart-fhir', 'menu-smart-fhir'],
      ['Groups and coordinators', '/pendingApproval', 'menu-groups-and-coordinators'],
      ['Settings', '/settings', 'menu-settings'],
    ]);
  });
  it('external provider: All Records, External Requests, Whole Body Scans, Consultations, Settings', () => {
    expect(menuItems('new', 'EXTERNAL_PROVIDER', false).map((i) => i.path)).toEqual([
      '/provider/all-records',
      '/provider/external-requests',
      '/provider/whole-body-scans',
      '/provider/consultations',
      '/settings',
    ]);
  });
  it('legacy paths', () => {
    expect(menuItems('legacy', 'PATIENT', true).map((i) => i.path)).toEqual([
      '/myRecords',
      '/sharing',
      '/pendingApproval',
      '/myProfile',
    ]);
  });
  it('no menu when signed out', () => {
    expect(menuItems('new', undefined, false)).toEqual([]);
  });
});

describe('person paths: a coordinator acting for a member (decision 0027)', () => {
  const admin = { signedIn: true, role: 'GROUP_ADMIN' as const };
  const G = '/groups/g1/user/u1';
  const A = '/groupAdmin/a1/groups/g1/user/u1';

  it("activates the patient page's own remote under the prefix, for the prefix's role only", () => {
    const page = `${G}/patient/my-records/all-requests`;
    expect(isRemoteActive('mfe-records', 'new', page, coordinator)).toBe(true);
    expect(isRemoteActive('mfe-groups', 'new', page, coordinator)).toBe(false);
    expect(isRemoteActive('mfe-records', 'new', page, admin)).toBe(false);
    expect(isRemoteActive('mfe-records', 'new', page, patient)).toBe(false);
    expect(isRemoteActive('mfe-records', 'new', `${A}/patient/my-records/all-requests`, admin)).toBe(true);
    expect(isRemoteActive('mfe-groups', 'new', `${G}/myRecords`, coordinator)).toBe(true);
  });

  it('lets the coordinator stay, and sends anyone else, or a page a patient could not open, to their page', () => {
    expect(guardRedirect('new', `${G}/patient/my-records/all-requests`, coordinator)).toBeNull();
    expect(guardRedirect('new', `${G}/patient/my-records/all-requests`, patient)).toBe(
      '/patient/my-records/all-requests',
    );
    expect(guardRedirect('new', `${G}/provider/all-records`, coordinator)).toBe('/groups');
    expect(guardRedirect('new', `${A}/request-records/consent`, admin)).toBeNull();
  });
});
