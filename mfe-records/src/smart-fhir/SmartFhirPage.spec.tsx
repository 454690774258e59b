import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES, SMART_FHIR_POLL_ATTEMPTS, SMART_FHIR_POLL_MS } from '@portal/contracts';
import { renderAt, signIn } from '../testing';
import SmartFhirPage from './SmartFhirPage';
import {
  A,
  B,
  openPage as open,
  NORTHSIDE,
  advance,
  failed,
  fakeSmartFhir,
  initCalls,
  pending,
  pollsOf,
  ready,
  source,
  studyRow,
} from './testing';

const rowIds = () => screen.queryAllByTestId('smart-fhir-row').map((r) => r.getAttribute('data-row-id'));
const banner = () => screen.queryByTestId('smart-fhir-banner');
const sourceErrors = () =>
  screen
    .queryAllByTestId('smart-fhir-source-error')
    .map((e) => [e.getAttribute('data-facility-id'), e.textContent]);

describe('Smart FHIR page: the query', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('polls each identifier at once, then every 2000 ms until ready; the banner counts the facilities that answered', async () => {
    const calls = await open({
      inits: [[source(A), source(B, NORTHSIDE)]],
      answers: {
        [A]: [
          pending(),
          pending([studyRow('a1', { study_date: '2024-01-05' })]),
          ready([studyRow('a1', { study_date: '2024-01-05' })]),
        ],
        [B]: [ready([studyRow('b1', { facility: NORTHSIDE, study_date: '2025-02-01' })])],
      },
    });
    expect(screen.getByTestId('page-title').textContent).toBe('Smart FHIR');
    expect(initCalls(calls)[0].query.get('reload')).toBeNull();
    expect([pollsOf(calls, A), pollsOf(calls, B)]).toEqual([1, 1]);
    expect(banner()?.getAttribute('role')).toBe('status');
    expect(banner()?.textContent).toContain(MESSAGES.smartFhirInProgress);
    expect(screen.getByTestId('smart-fhir-answered').textContent).toBe('1 of 2 facilities answered');
    expect(rowIds()).toEqual(['b1']);

    await advance(SMART_FHIR_POLL_MS - 1);
    expect(pollsOf(calls, A)).toBe(1);
    await advance(1);
    expect(pollsOf(calls, A)).toBe(2);
    expect(rowIds()).toEqual(['b1', 'a1']);
    await advance(SMART_FHIR_POLL_MS);
    expect(pollsOf(calls, A)).toBe(3);
    expect(banner()).toBeNull();
    // Ready: nothing is asked again.
    await advance(SMART_FHIR_POLL_MS * 5);
    expect([pollsOf(calls, A), pollsOf(calls, B)]).toEqual([3, 1]);
    expect(rowIds()).toEqual(['b1', 'a1']);
    expect(sourceErrors()).toEqual([]);
  });

  it(`stops after ${SMART_FHIR_POLL_ATTEMPTS} attempts and says the facility did not answer in time`, async () => {
    const calls = await open({ inits: [[source(A)]], answers: { [A]: [pending()] } });
    await advance(SMART_FHIR_POLL_MS * (SMART_FHIR_POLL_ATTEMPTS - 1));
    expect(pollsOf(calls, A)).toBe(SMART_FHIR_POLL_ATTEMPTS);
    expect(sourceErrors()).toEqual([
      ['fac-riverside', `Riverside Imaging: ${MESSAGES.smartFhirSourceTimedOut}`],
    ]);
    expect(banner()).toBeNull();
    await advance(SMART_FHIR_POLL_MS * 5);
    expect(pollsOf(calls, A)).toBe(SMART_FHIR_POLL_ATTEMPTS);
    expect(screen.getByTestId('smart-fhir-empty').textContent).toBe(MESSAGES.smartFhirNoStudies);
  });

  it("an answer with an error shows the facility's error and stops that identifier; the others go on", async () => {
    const calls = await open({
      inits: [[source(A), source(B, NORTHSIDE)]],
      answers: {
        [A]: [failed(MESSAGES.smartFhirSourceUnavailable)],
        [B]: [pending(), ready([studyRow('b1', { facility: NORTHSIDE })])],
      },
    });
    expect(sourceErrors()).toEqual([
      ['fac-riverside', `Riverside Imaging: ${MESSAGES.smartFhirSourceUnavailable}`],
    ]);
    expect(banner()).not.toBeNull();
    await advance(SMART_FHIR_POLL_MS * 3);
    expect([pollsOf(calls, A), pollsOf(calls, B)]).toEqual([1, 2]);
    expect(rowIds()).toEqual(['b1']);
    expect(banner()).toBeNull();
  });

  it('a failed call stops that identifier with the polling-failed text', async () => {
    const calls = await open({
      inits: [[source(A)]],
      answers: { [A]: [[500, { statusCode: 500, message: 'boom' }]] },
    });
    expect(sourceErrors()).toEqual([
      ['fac-riverside', `Riverside Imaging: ${MESSAGES.smartFhirPollingFailed}`],
    ]);
    await advance(SMART_FHIR_POLL_MS * 3);
    expect(pollsOf(calls, A)).toBe(1);
  });

  it('Stop ends all polling and keeps the rows received', async () => {
    const calls = await open({
      inits: [[source(A), source(B, NORTHSIDE)]],
      answers: { [A]: [pending([studyRow('a1')])], [B]: [pending()] },
    });
    await advance(SMART_FHIR_POLL_MS);
    expect([pollsOf(calls, A), pollsOf(calls, B)]).toEqual([2, 2]);
    fireEvent.click(screen.getByTestId('smart-fhir-stop'));
    expect(banner()).toBeNull();
    await advance(SMART_FHIR_POLL_MS * 10);
    expect([pollsOf(calls, A), pollsOf(calls, B)]).toEqual([2, 2]);
    expect(rowIds()).toEqual(['a1']);
    expect(sourceErrors()).toEqual([]);
  });

  it('Reload clears rows and errors, asks initLoadGrid with reload=true and polls again', async () => {
    const C = 'c0000000-0000-4000-8000-00000000000c';
    const calls = await open({
      inits: [[source(A), source(B, NORTHSIDE)], [source(C)]],
      answers: {
        [A]: [ready([studyRow('a1')])],
        [B]: [failed('Connection refused')],
        [C]: [pending(), ready([studyRow('c1')])],
      },
    });
    expect(rowIds()).toEqual(['a1']);
    expect(sourceErrors()).toHaveLength(1);
    fireEvent.click(screen.getByTestId('smart-fhir-reload'));
    await advance(0);
    expect(initCalls(calls).map((c) => c.query.get('reload'))).toEqual([null, 'true']);
    expect(rowIds()).toEqual([]);
    expect(sourceErrors()).toEqual([]);
    expect(screen.getByTestId('smart-fhir-answered').textContent).toBe('0 of 1 facilities answered');
    await advance(SMART_FHIR_POLL_MS);
    expect(rowIds()).toEqual(['c1']);
    expect([pollsOf(calls, A), pollsOf(calls, B), pollsOf(calls, C)]).toEqual([1, 1, 2]);
  });

  it('with no sources it says none can be searched', async () => {
    const calls = await open({ inits: [[]] });
    expect(screen.getByTestId('smart-fhir-empty').textContent).toBe(MESSAGES.smartFhirNoSources);
    expect(banner()).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('a failed initLoadGrid is a red toast with the server message', async () => {
    fakeSmartFhir({});
    global.fetch = jest.fn(async () => ({
      status: 503,
      statusText: '',
      ok: false,
      text: async () => JSON.stringify({ statusCode: 503, message: MESSAGES.serviceUnavailable }),
    })) as unknown as typeof fetch;
    renderAt('/smart-fhir', <SmartFhirPage />);
    expect(await screen.findByText(MESSAGES.serviceUnavailable)).toBeTruthy();
    expect(banner()).toBeNull();
    expect(screen.queryByTestId('smart-fhir-empty')).toBeNull();
  });
});
