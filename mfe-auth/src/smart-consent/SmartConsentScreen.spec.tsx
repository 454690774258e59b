import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  MESSAGES,
  SMART_API,
  SMART_PAGES,
  scopeInPlainWords,
  smartConsentTitle,
  type SmartConsentRequest,
} from '@portal/contracts';
import { fakeApi, renderAt, signIn, type FakeRoutes } from '../components/testing';
import { goToApp, isWebUrl, leavePortal } from './leave-portal';
import SmartConsentScreen from './SmartConsentScreen';

const ID = '5b8e0a55-3c1f-4f55-9d0e-6f4f3c2a1b00';
const SCOPES = [
  'launch/patient',
  'openid',
  'fhirUser',
  'patient/ImagingStudy.rs',
  'patient/DiagnosticReport.rs',
  'offline_access',
];
const REQUEST: SmartConsentRequest = {
  id: ID,
  clientName: 'Scan Buddy',
  clientOrigin: 'https://scanbuddy.example',
  scopes: SCOPES.map((scope) => ({ scope, words: scopeInPlainWords(scope) })),
  patient: { id: 'u1', name: 'Ann Lee' },
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
};
const BACK = 'https://scanbuddy.example/callback?code=abc&state=xyz';

const box = (scope: string) => screen.getByTestId(`smart-consent-scope-${scope}`) as HTMLInputElement;
const click = async (testId: string) => {
  const button = await screen.findByTestId(testId);
  await act(async () => fireEvent.click(button));
};

describe('SMART consent screen', () => {
  const assign = jest.fn();
  const original = leavePortal.assign;
  beforeEach(() => {
    localStorage.clear();
    signIn();
    assign.mockReset();
    leavePortal.assign = assign;
  });
  afterEach(() => {
    leavePortal.assign = original;
  });

  const open = (routes: FakeRoutes, url = `${SMART_PAGES.consent}?request=${ID}`) => {
    const calls = fakeApi({ [`GET ${SMART_API.consentRequest(ID)}`]: [200, REQUEST], ...routes });
    renderAt(url, <SmartConsentScreen />);
    return calls;
  };
  const decisions = (calls: ReturnType<typeof fakeApi>) =>
    calls.filter((c) => c.method === 'POST' && c.path === SMART_API.consentDecision(ID)).map((c) => c.body);

  it('shows who asks, where the data goes, whose record, and every scope in plain words, all ticked', async () => {
    open({});
    expect(screen.getByTestId('smart-consent-loading')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: smartConsentTitle('Scan Buddy') })).toBeTruthy();
    expect(screen.getByTestId('smart-consent-origin').textContent).toBe('https://scanbuddy.example');
    expect(screen.getByTestId('smart-consent-patient').textContent).toBe('For: Ann Lee');
    for (const scope of SCOPES) {
      expect(box(scope).checked).toBe(true);
      expect(screen.getAllByText(scopeInPlainWords(scope)).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('Read and search your imaging studies and their images')).toBeTruthy();
    const note = screen.getByTestId('smart-consent-read-only').textContent;
    expect(note).toContain(MESSAGES.smartConsentReadOnly);
    expect(note).toContain(MESSAGES.smartConsentRevokeAnyTime);
  });

  it('keeps the patient context and identity scopes: they are disabled and stay ticked', async () => {
    open({});
    await screen.findByTestId('smart-consent-allow');
    for (const scope of ['launch/patient', 'openid', 'fhirUser']) {
      expect(box(scope).disabled).toBe(true);
      fireEvent.click(box(scope));
      expect(box(scope).checked).toBe(true);
    }
    expect(box('patient/ImagingStudy.rs').disabled).toBe(false);
    expect(box('offline_access').disabled).toBe(false);
  });

  it('Allow posts the scopes still ticked, in the order asked, and sends the browser back to the app', async () => {
    const calls = open({ [`POST ${SMART_API.consentDecision(ID)}`]: [200, { redirectTo: BACK }] });
    await screen.findByTestId('smart-consent-allow');
    fireEvent.click(box('patient/DiagnosticReport.rs'));
    fireEvent.click(box('offline_access'));
    expect(box('offline_access').checked).toBe(false);
    await click('smart-consent-allow');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BACK));
    expect(decisions(calls)).toEqual([
      { approve: true, scopes: ['launch/patient', 'openid', 'fhirUser', 'patient/ImagingStudy.rs'] },
    ]);
    // On its way out: nothing can be sent twice.
    expect(screen.getByTestId('smart-consent-leaving').textContent).toBe(MESSAGES.smartConsentReturning);
    expect((screen.getByTestId('smart-consent-allow') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('smart-consent-deny') as HTMLButtonElement).disabled).toBe(true);
  });

  it('Deny posts a refusal and sends the browser back with it', async () => {
    const denied = 'https://scanbuddy.example/callback?error=access_denied&state=xyz';
    const calls = open({ [`POST ${SMART_API.consentDecision(ID)}`]: [200, { redirectTo: denied }] });
    await click('smart-consent-deny');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(denied));
    expect(decisions(calls)).toEqual([{ approve: false }]);
  });

  it('disables both buttons while the answer is on its way', async () => {
    let answer: (v: [number, unknown]) => void = () => undefined;
    const pending = new Promise<[number, unknown]>((resolve) => (answer = resolve));
    open({});
    await screen.findByTestId('smart-consent-allow');
    // The answer waits until the test lets it through.
    const plain = global.fetch;
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method !== 'POST') return plain(input, init);
      const [status, body] = await pending;
      return { status, statusText: '', ok: true, text: async () => JSON.stringify(body) } as Response;
    }) as typeof fetch;
    await click('smart-consent-allow');
    expect((screen.getByTestId('smart-consent-allow') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('smart-consent-deny') as HTMLButtonElement).disabled).toBe(true);
    expect(box('patient/ImagingStudy.rs').disabled).toBe(true);
    await act(async () => answer([200, { redirectTo: BACK }]));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BACK));
  });

  it.each([
    [404, 'expired, answered or unknown'],
    [400, 'not an id'],
  ])('says the request has expired when the server answers %i (%s)', async (status) => {
    open({
      [`GET ${SMART_API.consentRequest(ID)}`]: [status, { statusCode: status, code: 'X', message: 'Gone' }],
    });
    expect((await screen.findByTestId('smart-consent-expired')).textContent).toBe(
      MESSAGES.smartConsentExpired,
    );
    expect(screen.queryByTestId('smart-consent-allow')).toBeNull();
  });

  it('says the same without a request id, and asks nothing', () => {
    const calls = open({}, SMART_PAGES.consent);
    expect(screen.getByTestId('smart-consent-expired').textContent).toBe(MESSAGES.smartConsentExpired);
    expect(calls).toEqual([]);
  });

  it('a request answered meanwhile (in another tab) turns into the expired state on Allow', async () => {
    open({
      [`POST ${SMART_API.consentDecision(ID)}`]: [
        404,
        {
          statusCode: 404,
          code: 'RESOURCE.NOT_FOUND',
          message: 'This request has expired or was already answered',
        },
      ],
    });
    await click('smart-consent-allow');
    expect(await screen.findByTestId('smart-consent-expired')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows another failure and lets the patient try again', async () => {
    let fail = true;
    open({
      [`POST ${SMART_API.consentDecision(ID)}`]: () =>
        fail ? [503, { statusCode: 503, code: 'X', message: 'Try later' }] : [200, { redirectTo: BACK }],
    });
    await click('smart-consent-allow');
    expect((await screen.findByTestId('smart-consent-failure')).textContent).toBe('Try later');
    fail = false;
    await click('smart-consent-allow');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BACK));
  });

  it('never sends the browser to an address that is not http(s)', async () => {
    open({ [`POST ${SMART_API.consentDecision(ID)}`]: [200, { redirectTo: 'javascript:alert(1)' }] });
    await click('smart-consent-allow');
    expect((await screen.findByTestId('smart-consent-failure')).textContent).toBe(
      MESSAGES.somethingWentWrong,
    );
    expect(assign).not.toHaveBeenCalled();
    expect(isWebUrl('https://app.example/cb')).toBe(true);
    expect(isWebUrl('data:text/html,hi')).toBe(false);
    expect(() => goToApp('not a url')).toThrow();
  });
});
