import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createRemoteStore } from '@portal/api';
import { REQUESTS_API, type CustodianDetails } from '@portal/contracts';
import { portalTheme } from '@portal/ui';
import { api } from '../api';
import { LoginScreen } from './LoginScreen';

const LOGO = 'data:image/png;base64,iVBORw0KGgo=';
const SUNRISE = {
  id: 'c9',
  name: 'Sunrise Medical Imaging',
  theme: 'orange',
  value: { image_data: LOGO },
} as CustodianDetails;

/** The requests context as /{custodianId}/login sees it: Sunrise exists, any other id is a 404. */
const fakeDetails = () => {
  const asked: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    asked.push(path);
    const found = path === `${REQUESTS_API.getCustodiansDetails}/c9`;
    const [status, body] = found
      ? [200, SUNRISE]
      : [404, { statusCode: 404, code: 'CUSTODIAN.NOT_FOUND', message: 'Facility not found' }];
    return { status, statusText: '', ok: status < 300, text: async () => JSON.stringify(body) } as Response;
  }) as typeof fetch;
  return asked;
};

const openAt = (path: string) =>
  render(
    <Provider store={createRemoteStore(api)}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="/:custodianId/login" element={<LoginScreen />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );

describe('Login linked to a custodian (/{custodianId}/login)', () => {
  it("shows the facility's name and logo above the form, in the facility's theme", async () => {
    const asked = fakeDetails();
    openAt('/c9/login');
    expect((await screen.findByTestId('login-custodian-name')).textContent).toBe('Sunrise Medical Imaging');
    expect(asked).toEqual([`${REQUESTS_API.getCustodiansDetails}/c9`]);
    expect(screen.getByAltText('Sunrise Medical Imaging logo').getAttribute('src')).toBe(LOGO);
    // The orange theme's primary colour reaches the page (the name is drawn in it).
    const orange = portalTheme('orange').palette.primary.main;
    expect(getComputedStyle(screen.getByTestId('login-custodian-name')).color).toBe(hexToRgb(orange));
    // The banner is above the form.
    const banner = screen.getByTestId('login-custodian');
    expect(
      banner.compareDocumentPosition(screen.getByTestId('login-screen')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByTestId('login-submit')).toBeTruthy();
  });

  it('shows the plain login for an unknown facility id', async () => {
    const asked = fakeDetails();
    openAt('/nope/login');
    expect(screen.getByTestId('login-screen')).toBeTruthy();
    await waitFor(() => expect(asked).toEqual([`${REQUESTS_API.getCustodiansDetails}/nope`]));
    // Let the 404 settle before looking for the banner.
    await act(async () => undefined);
    expect(screen.queryByTestId('login-custodian')).toBeNull();
  });

  it('asks for no facility on /login', () => {
    const asked = fakeDetails();
    openAt('/login');
    expect(screen.getByTestId('login-screen')).toBeTruthy();
    expect(asked).toEqual([]);
  });
});

const hexToRgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};
