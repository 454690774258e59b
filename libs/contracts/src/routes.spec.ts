import {
  findRoute,
  matchPath,
  pageTitle,
  roleFallback,
  isReportDetailPath,
  NEW_ROUTES,
  LEGACY_ROUTES,
  REMOTES,
} from './routes';
import { ROLES } from './roles';

describe('route tables', () => {
  it.each([
    ['/login', '/login', true],
    ['/login', '/login/', true],
    ['/login', '/signup', false],
    ['/unsubscribe/:id', '/unsubscribe/abc', true],
    ['/unsubscribe/:id', '/unsubscribe/', false],
    ['/patient/my-records/*', '/patient/my-records', true],
    ['/patient/my-records/*', '/patient/my-records/imaging', true],
    ['/patient/my-records/*', '/patient/my-recordsX', false],
    ['/', '/', true],
    ['/', '/login', false],
  ])('matchPath(%s, %s) is %s', (pattern, path, expected) => {
    expect(matchPath(pattern, path)).toBe(expected);
  });

  it('gives every remote at least one route in both tables', () => {
    for (const table of [NEW_ROUTES, LEGACY_ROUTES]) {
      expect(new Set(table.map((r) => r.remote))).toEqual(new Set(REMOTES));
    }
  });

  it('owns each area by its remote, in both readings', () => {
    expect(findRoute('new', '/patient/sharing-records/sharing-peoples')?.remote).toBe('mfe-sharing');
    expect(findRoute('new', '/provider/all-records')?.remote).toBe('mfe-provider');
    expect(findRoute('new', '/view/123')?.access).toBe('public');
    expect(findRoute('new', '/forgotPassword')).toBeUndefined();
    expect(findRoute('legacy', '/forgotPassword')?.remote).toBe('mfe-auth');
    expect(findRoute('legacy', '/')?.remote).toBe('mfe-request-wizard');
    expect(findRoute('new', '/st-mary/login')?.remote).toBe('mfe-auth');
  });

  it('keeps shared-with-me open to external viewers and the rest of my-records to patients', () => {
    expect(findRoute('new', '/patient/my-records/shared-with-me')?.access).toEqual([
      'PATIENT',
      'EXTERNAL_VIEWER',
    ]);
    expect(findRoute('new', '/patient/my-records/all-requests')?.access).toEqual(['PATIENT']);
  });

  it.each([
    ['PATIENT', '/patient/my-records/all-requests', '/myRecords'],
    ['MEDICAL_COORDINATOR', '/groups', '/groups'],
    ['GROUP_ADMIN', '/groupAdmin', '/groupAdmin'],
    ['EXTERNAL_VIEWER', '/patient/my-records/shared-with-me', '/sharedWithMe'],
    ['EXTERNAL_PROVIDER', '/provider/external-requests', '/dataRequest'],
    ['SMART_FHIR', '/smart-fhir', '/smart-fhir'],
  ] as const)('sends %s to its fallback page', (role, fresh, legacy) => {
    expect(roleFallback(role, 'new')).toBe(fresh);
    expect(roleFallback(role, 'legacy')).toBe(legacy);
  });

  it.each(['new', 'legacy'] as const)('lands every role on a page it may enter (%s table)', (table) => {
    for (const role of ROLES) {
      const access = findRoute(table, roleFallback(role, table))?.access;
      expect({
        role,
        enters: Array.isArray(access) ? access.includes(role) : access === 'signed-in',
      }).toEqual({ role, enters: true });
    }
  });

  it('keeps the data-request pages to provider staff: the provider context answers anyone else 403', () => {
    expect(findRoute('new', '/provider/external-requests')?.access).toEqual(['EXTERNAL_PROVIDER']);
    expect(findRoute('legacy', '/dataRequest')?.access).toEqual(['EXTERNAL_PROVIDER']);
  });

  it("titles login, forgot-password and signup pages 'Patient Login'", () => {
    for (const p of ['/login', '/signup', '/forgot-password', '/forgotPassword', '/st-mary/login'])
      expect(pageTitle(p)).toBe('Patient Login');
    expect(pageTitle('/patient/my-records/all-requests')).toBe('Patient Portal');
  });

  it('hides the header on report-detail pages only', () => {
    expect(isReportDetailPath('/patient/my-records/view-request-report-details')).toBe(true);
    expect(isReportDetailPath('/patient/my-records/all-requests')).toBe(false);
  });
});

describe('person paths: acting for a group member (decision 0027)', () => {
  const G = '/groups/g1/user/u1';
  const A = '/groupAdmin/a1/groups/g1/user/u1';

  it('keeps the bare person path and the spec suffixes in the groups area', () => {
    for (const path of [G, `${G}/`, `${G}/info`, `${G}/myRecords`, `${A}/openRequests`, A]) {
      expect(findRoute('new', path)?.remote).toBe('mfe-groups');
    }
    expect(findRoute('new', `${G}/myRecords`)?.access).toEqual(['MEDICAL_COORDINATOR', 'GROUP_ADMIN']);
    expect(findRoute('new', `${A}/info`)?.access).toEqual(['GROUP_ADMIN']);
  });

  it("gives a patient page under the prefix to the page's own remote, for the prefix's coordination role", () => {
    expect(findRoute('new', `${G}/patient/my-records/all-requests`)).toEqual({
      remote: 'mfe-records',
      path: `${G}/patient/my-records/*`,
      access: ['MEDICAL_COORDINATOR'],
    });
    expect(findRoute('new', `${A}/patient/my-records/open-requests`)?.access).toEqual(['GROUP_ADMIN']);
    expect(findRoute('new', `${G}/request-records/consent`)?.remote).toBe('mfe-request-wizard');
    expect(findRoute('new', `${G}/settings/personal-information`)?.remote).toBe('mfe-auth');
    expect(findRoute('new', `${G}/family-members`)?.remote).toBe('mfe-auth');
    expect(findRoute('new', `${G}/my-identity`)?.remote).toBe('mfe-auth');
    expect(findRoute('legacy', `${G}/myRecords/x`)).toBeUndefined();
    expect(findRoute('legacy', `${G}/addRecords`)?.remote).toBe('mfe-groups');
    expect(findRoute('legacy', `${G}/personalInfo`)?.remote).toBe('mfe-auth');
    expect(findRoute('legacy', `${A}/home`)).toEqual({
      remote: 'mfe-records',
      path: `${A}/home`,
      access: ['GROUP_ADMIN'],
    });
  });

  it("draws the legacy table's patient pages that share a suffix's name in place", () => {
    expect(findRoute('legacy', `${G}/myRecords`)?.remote).toBe('mfe-records');
    expect(findRoute('legacy', `${G}/openRequests`)?.remote).toBe('mfe-records');
    expect(findRoute('legacy', `${A}/familyMembers`)).toEqual({
      remote: 'mfe-auth',
      path: `${A}/familyMembers`,
      access: ['GROUP_ADMIN'],
    });
    expect(findRoute('new', `${G}/openRequests`)?.remote).toBe('mfe-groups');
  });

  it('opens no page a patient could not open, no groups page and none of the caller’s own account', () => {
    for (const rest of [
      '/provider/all-records',
      '/groups/g2',
      '/groupAdmin/a2',
      '/pendingApproval',
      `/groups/g2/user/u2/patient/my-records/all-requests`,
      '/change-password',
      '/account-removal',
      '/switch-role',
      '/settings/login-password-setting',
      '/settings',
      '/login',
      '/nowhere',
    ]) {
      expect({ rest, route: findRoute('new', `${G}${rest}`) }).toEqual({ rest, route: undefined });
    }
  });
});
