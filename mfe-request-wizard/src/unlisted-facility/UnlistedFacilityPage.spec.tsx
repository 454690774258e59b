import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createRemoteStore } from '@portal/api';
import { MESSAGES, REQUESTS_API } from '@portal/contracts';
import { clearSession, saveLogin } from '@portal/session';
import { api } from '../api';
import { Root } from '../Root';
import { initialWizardState, saveWizardState } from '../wizard/state';

const FACILITY = '22222222-2222-4222-8222-222222222222';
const Where = () => <div data-testid="where">{useLocation().pathname}</div>;
const open = (path: string) =>
  render(
    <Provider store={createRemoteStore(api)}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <Root />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
const signIn = () =>
  saveLogin({
    token: 't',
    refresh_token: 'r',
    expiryTime: Date.now() + 3_600_000,
    user: {
      userId: 'u1',
      personId: 'p1',
      firstName: 'Pat',
      lastName: 'Jordan',
      email: 'pat@example.com',
      role: { mnemonic: 'PATIENT' },
      roles: ['PATIENT'],
    },
  });
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('UnlistedFacilityPage', () => {
  let posted: unknown[];
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    posted = [];
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === REQUESTS_API.unlistedFacility && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return {
          status: 201,
          statusText: '',
          ok: true,
          text: async () => JSON.stringify({ id: FACILITY, name: 'Lakeside Imaging' }),
        } as Response;
      }
      return {
        status: 404,
        statusText: '',
        ok: false,
        text: async () => JSON.stringify({ message: 'Not found' }),
      } as Response;
    }) as typeof fetch;
  });
  afterEach(() => clearSession());

  it('asks a visitor to log in first (the facility is kept with their account)', async () => {
    open('/request-records/unlisted-facility');
    expect(await screen.findByTestId('unlisted-facility-sign-in')).toBeTruthy();
    expect(screen.queryByTestId('unlisted-facility-name')).toBeNull();
  });

  it("shows the shared schema's messages: required fields, a 10-digit phone and a valid email", async () => {
    signIn();
    open('/request-records/unlisted-facility');
    await screen.findByTestId('unlisted-facility-name');
    await act(async () => void fireEvent.click(screen.getByTestId('unlisted-facility-next')));
    for (const m of [
      MESSAGES.facilityNameRequired,
      MESSAGES.addressRequired,
      MESSAGES.phoneRequired,
      MESSAGES.emailRequired,
    ])
      expect(screen.getByText(m)).toBeTruthy();
    type('unlisted-facility-phone', '55512');
    type('unlisted-facility-email', 'not-an-address');
    await act(async () => void fireEvent.click(screen.getByTestId('unlisted-facility-next')));
    expect(screen.getByText(MESSAGES.validPhone)).toBeTruthy();
    expect(screen.getByText(MESSAGES.pleaseEnterValidEmail)).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it("stores the facility as the patient's own, then starts the wizard for it at consent", async () => {
    signIn();
    open('/request-records/unlisted-facility');
    await screen.findByTestId('unlisted-facility-name');
    type('unlisted-facility-name', 'Lakeside Imaging');
    type('unlisted-facility-address', '12 Shore Road, Lakeside');
    type('unlisted-facility-phone', '(555) 123-4567');
    type('unlisted-facility-email', 'Records@Lakeside.example');
    await act(async () => void fireEvent.click(screen.getByTestId('unlisted-facility-next')));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/request-records/consent'));
    expect(posted).toEqual([
      {
        name: 'Lakeside Imaging',
        address: '12 Shore Road, Lakeside',
        phone: '5551234567',
        email: 'records@lakeside.example',
      },
    ]);
    expect(JSON.parse(sessionStorage.getItem('requestWizard') ?? '{}').facilityId).toBe(FACILITY);
  });
});

describe('consent step without a facility', () => {
  beforeEach(() => {
    sessionStorage.clear();
    global.fetch = jest.fn(
      async () => ({ status: 404, statusText: '', ok: false, text: async () => '{}' }) as Response,
    ) as typeof fetch;
  });

  it('says to choose a facility on the home page and links back to it', async () => {
    saveWizardState(initialWizardState());
    open('/request-records/consent');
    expect((await screen.findByTestId('consent-no-facility')).textContent).toContain(
      'Choose a facility on the home page first.',
    );
    expect(screen.getByTestId('consent-go-home').getAttribute('href')).toBe('/home');
    fireEvent.click(screen.getByTestId('consent-go-home'));
    // The landing page is lazy: the router's transition shows the new place once it has loaded.
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/home'));
    expect(await screen.findByTestId('landing')).toBeTruthy();
  });
});
