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
