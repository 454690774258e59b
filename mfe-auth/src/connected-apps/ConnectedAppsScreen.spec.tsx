import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  FHIR_ACCESS_API,
  MESSAGES,
  SMART_API,
  SMART_PAGES,
  appLastRead,
  revokeAppConfirm,
  type ConnectedApp,
  type ConnectedAppReads,
} from '@portal/contracts';
import { fakeApi, renderAt, signIn, type FakeRoutes } from '../components/testing';
import { formatDay, formatDayTime } from '../components/when';
import ConnectedAppsScreen, { joinReads, readsSummary } from './ConnectedAppsScreen';

const A = '0a5c5d43-8a48-4c38-9d57-5f0000000001';
const B = '0a5c5d43-8a48-4c38-9d57-5f0000000002';
const app = (authorizationId: string, over: Partial<ConnectedApp> = {}): ConnectedApp => ({
  authorizationId,
  clientId: `client-${authorizationId}`,
  clientName: 'Scan Buddy',
  clientOrigin: 'https://scanbuddy.example',
  scopes: ['launch/patient', 'openid', 'fhirUser', 'patient/ImagingStudy.rs', 'offline_access'],
  grantedAt: '2026-03-02T10:00:00.000Z',
  lastTokenAt: '2026-03-04T10:00:00.000Z',
  offline: true,
  ...over,
});
const SCAN_BUDDY = app(A);
const HEART = app(B, {
  clientName: 'Heart Notes',
  clientOrigin: 'https://heart.example',
  scopes: ['launch/patient', 'patient/DiagnosticReport.rs'],
  offline: false,
});
const READS: ConnectedAppReads[] = [
  {
    authorizationId: A,
    lastReadAt: '2026-03-04T10:05:00.000Z',
    reads: [
      { resourceType: 'Patient', count: 1 },
      { resourceType: 'ImagingStudy', count: 3 },
    ],
  },
];

const card = (id: string) => within(screen.getByTestId(`connected-app-${id}`));

describe('Connected apps', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  const open = (routes: FakeRoutes) => {
    const calls = fakeApi({
      [`GET ${SMART_API.connectedApps}`]: [200, [SCAN_BUDDY, HEART]],
      [`GET ${FHIR_ACCESS_API.appReads}`]: [200, READS],
      ...routes,
    });
    renderAt(SMART_PAGES.connectedApps, <ConnectedAppsScreen />);
    return calls;
  };

  it('joins each app with what it read, by authorization id', async () => {
    open({});
    await screen.findByTestId(`connected-app-${A}`);
    const buddy = card(A);
    expect(buddy.getByRole('heading', { name: 'Scan Buddy' })).toBeTruthy();
    expect(buddy.getByText('https://scanbuddy.example')).toBeTruthy();
    expect(buddy.getByTestId('connected-app-granted').textContent).toBe(
      `Connected on ${formatDay(SCAN_BUDDY.grantedAt)}`,
    );
    // Each scope in plain words; openid and fhirUser say the same, once.
    expect(
      within(buddy.getByTestId('connected-app-scopes'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Open your own record',
      'Know who you are',
      'Read and search your imaging studies and their images',
      'Keep access until you revoke it, even when you are signed out',
    ]);
    expect(buddy.getByTestId('connected-app-offline').textContent).toBe(MESSAGES.appOffline);
    await waitFor(() =>
      expect(buddy.getByTestId('connected-app-last-read').textContent).toBe(
        appLastRead(formatDayTime(READS[0].lastReadAt)),
      ),
    );
    expect(buddy.getByTestId('connected-app-reads').textContent).toBe('Read: ImagingStudy ×3, Patient ×1');

    // Records has no reads of the other app: it has read nothing yet.
    const heart = card(B);
    expect(heart.getByTestId('connected-app-last-read').textContent).toBe(MESSAGES.appNotReadYet);
    expect(heart.queryByTestId('connected-app-reads')).toBeNull();
    expect(heart.queryByTestId('connected-app-offline')).toBeNull();
  });

  it('still lists the apps when their reads cannot be loaded, and says so', async () => {
    open({
      [`GET ${FHIR_ACCESS_API.appReads}`]: [503, { statusCode: 503, code: 'X', message: 'Records down' }],
    });
    expect(await screen.findByText('Records down')).toBeTruthy();
    expect(card(A).getByTestId('connected-app-last-read').textContent).toBe(MESSAGES.appReadsUnavailable);
  });

  it('revokes an app after asking, removes its card and says so', async () => {
    let apps = [SCAN_BUDDY, HEART];
    const calls = open({
      [`GET ${SMART_API.connectedApps}`]: () => [200, apps],
      [`POST ${SMART_API.revokeApp(A)}`]: () => {
        apps = [HEART];
        return [200, { ok: true }];
      },
    });
    await screen.findByTestId(`connected-app-${A}`);
    fireEvent.click(card(A).getByTestId('connected-app-revoke'));
    expect(screen.getByTestId('connected-app-revoke-dialog-text').textContent).toBe(
      revokeAppConfirm('Scan Buddy'),
    );
    expect(revokeAppConfirm('Scan Buddy')).toBe('Revoke Scan Buddy? It will lose access at once.');

    // Cancel revokes nothing.
    await act(async () => fireEvent.click(screen.getByTestId('connected-app-revoke-dialog-cancel')));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(card(A).getByTestId('connected-app-revoke'));
    await act(async () => fireEvent.click(screen.getByTestId('connected-app-revoke-dialog-confirm')));
    expect(await screen.findByText(MESSAGES.appRevoked)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId(`connected-app-${A}`)).toBeNull());
    expect(screen.getByTestId(`connected-app-${B}`)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([SMART_API.revokeApp(A)]);
  });

  it('keeps the card and shows the error when the revoke fails', async () => {
    open({
      [`POST ${SMART_API.revokeApp(A)}`]: [
        404,
        { statusCode: 404, code: 'RESOURCE.NOT_FOUND', message: 'Nope' },
      ],
    });
    await screen.findByTestId(`connected-app-${A}`);
    fireEvent.click(card(A).getByTestId('connected-app-revoke'));
    await act(async () => fireEvent.click(screen.getByTestId('connected-app-revoke-dialog-confirm')));
    expect(await screen.findByText('Nope')).toBeTruthy();
    expect(screen.getByTestId(`connected-app-${A}`)).toBeTruthy();
  });

  it('says when no app is connected, and how one connects', async () => {
    open({ [`GET ${SMART_API.connectedApps}`]: [200, []], [`GET ${FHIR_ACCESS_API.appReads}`]: [200, []] });
    const empty = await screen.findByTestId('connected-apps-empty');
    expect(empty.textContent).toContain(MESSAGES.noConnectedApps);
    expect(empty.textContent).toContain(MESSAGES.connectedAppsHow);
  });

  it('joins and summarises as pure functions', () => {
    expect(readsSummary([])).toBe('');
    expect(joinReads([SCAN_BUDDY], undefined)).toEqual([{ app: SCAN_BUDDY, reads: null }]);
    expect(joinReads([HEART], READS)[0].reads).toEqual({ authorizationId: B, lastReadAt: null, reads: [] });
  });
});
