import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createRemoteStore } from '@portal/api';
import { MESSAGES, REQUESTS_API, type Custodian } from '@portal/contracts';
import { api } from '../api';
import { SEARCH_DEBOUNCE_MS } from './facility-search';
import Landing from './Landing';

const custodian = (id: string, name: string): Custodian => ({
  id,
  name,
  address: {
    primary_address: '1 Main St',
    city: { name: 'Boston', state_name: 'Massachusetts' },
    state: 'MA',
    postcode: '02110',
  },
  isMRNCompulsory: false,
  description: null,
  phone: null,
  website: null,
  theme: 'default',
  aliases: [],
});
const BOSTON = custodian('c1', 'Boston Imaging');
const SALEM = custodian('c2', 'Salem Radiology');

type Answer = [status: number, body: unknown];
/** Answers the facility search by its text (a function of filterStr); returns the texts asked, in order. */
const fakeSearch = (answer: (filterStr: string) => Answer | Promise<Answer>) => {
  const asked: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== REQUESTS_API.getCustodians) throw new Error(`unexpected call ${url.pathname}`);
    const filterStr = url.searchParams.get('filterStr') ?? '';
    asked.push(filterStr);
    const [status, body] = await answer(filterStr);
    return { status, statusText: '', ok: status < 300, text: async () => JSON.stringify(body) } as Response;
  }) as typeof fetch;
  return asked;
};

const Landed = () => <p data-testid="landed">{`${useLocation().pathname}${useLocation().search}`}</p>;

const open = () =>
  render(
    <Provider store={createRemoteStore(api)}>
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route path="/home" element={<Landing />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );

const type = (text: string) =>
  act(async () => void fireEvent.change(screen.getByTestId('facility-search'), { target: { value: text } }));
const pause = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));
const names = () => screen.queryAllByTestId('facility-option').map((o) => o.textContent);

describe('Landing page', () => {
  beforeEach(() => sessionStorage.clear());

  it('shows the headline, the search, the how-it-works steps, testimonials, security claims and the processing time', () => {
    fakeSearch(() => [200, []]);
    open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Access, view, and share your medical imaging records',
    );
    expect(screen.getByTestId('facility-search').getAttribute('placeholder')).toBe(
      'Search hospitals or imaging clinics...',
    );
    const steps = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(steps).toEqual(['1. Select a provider', '2. Request imaging', '3. Take control of your records']);
    expect(screen.getByTestId('testimonials').querySelectorAll('blockquote').length).toBeGreaterThanOrEqual(
      2,
    );
    const security = screen.getByTestId('security').textContent;
    for (const claim of ['Bank-grade security', 'HIPAA', 'ISO 27001', 'SOC 2 Type II'])
      expect(security).toContain(claim);
    expect(screen.getByTestId('processing-time').textContent).toContain('In most cases 2-3 days');
  });

  it("leads Can't find your imaging provider? Start here to naming the facility, with no facility chosen yet", () => {
    fakeSearch(() => [200, []]);
    open();
    expect(screen.getByText(/Can't find your imaging provider\?/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('start-here'));
    expect(screen.getByTestId('landed').textContent).toBe('/request-records/unlisted-facility');
    expect(JSON.parse(sessionStorage.getItem('requestWizard') ?? '{}').facilityId ?? null).toBeNull();
  });
});

describe('Landing facility search', () => {
  beforeEach(() => sessionStorage.clear());

  it('asks only for more than 3 characters, 300 ms after the last key, and opens the consent step of the chosen facility', async () => {
    const asked = fakeSearch(() => [200, [BOSTON]]);
    open();
    await type('Bos');
    await pause(SEARCH_DEBOUNCE_MS + 100);
    expect(asked).toEqual([]);
    expect(screen.queryByTestId('facility-results')).toBeNull();

    await type('Bost');
    await type('Bosto');
    await pause(SEARCH_DEBOUNCE_MS / 2);
    expect(asked).toEqual([]);
    await waitFor(() => expect(names()).toEqual(['Boston Imaging1 Main St, Boston, Massachusetts, 02110']));
    expect(asked).toEqual(['Bosto']);

    fireEvent.click(screen.getByTestId('facility-option'));
    expect(screen.getByTestId('landed').textContent).toBe('/request-records/consent');
    // startWizard stored the facility and a fresh counter for the consent step.
    expect(JSON.parse(sessionStorage.getItem('requestWizard') ?? 'null')).toMatchObject({
      facilityId: 'c1',
      steps: { current: 1 },
    });
  });

  it('keeps the last answers while the next ones are on their way, and hides them when the text gets too short', async () => {
    let release: (a: Answer) => void = () => undefined;
    fakeSearch((text) => (text === 'Bost' ? [200, [BOSTON]] : new Promise<Answer>((r) => (release = r))));
    open();
    await type('Bost');
    await waitFor(() => expect(names()).toHaveLength(1));

    await type('Salem');
    await pause(SEARCH_DEBOUNCE_MS + 100);
    expect(names()).toHaveLength(1);
    expect(screen.getByTestId('facility-results').getAttribute('aria-busy')).toBe('true');
    await act(async () => release([200, [SALEM]]));
    await waitFor(() => expect(names()).toEqual([expect.stringContaining('Salem Radiology')]));

    await type('Sa');
    expect(screen.queryByTestId('facility-results')).toBeNull();
    // A new search after a too-short text starts with nothing shown, not the answers of an older text.
    await type('Salt');
    await pause(SEARCH_DEBOUNCE_MS + 100);
    expect(screen.queryByTestId('facility-results')).toBeNull();
    await act(async () => release([200, []]));
    expect(await screen.findByTestId('facility-empty')).toBeTruthy();
  });

  it('shows No data available when the search fails or nothing matches', async () => {
    const asked = fakeSearch((text) =>
      text === 'none' ? [200, []] : [500, { statusCode: 500, code: 'X', message: 'down' }],
    );
    open();
    await type('down');
    expect(await screen.findByTestId('facility-empty')).toBeTruthy();
    expect(asked).toEqual(['down']);

    await type('none');
    await waitFor(() => expect(asked).toEqual(['down', 'none']));
    await waitFor(() =>
      expect(screen.getByTestId('facility-results').getAttribute('aria-busy')).toBe('false'),
    );
    expect(screen.getByText(MESSAGES.noDataAvailable)).toBeTruthy();
  });
});
