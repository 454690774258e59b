import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { GRID_POLL_MS, RECORDS_API, type GridLoadQuery, type LibraryGridRow } from '@portal/contracts';
import { createRemoteStore } from '@portal/api';
import { PortalSnackbarProvider } from '@portal/ui';
import { api } from '../api';
import { fakeApi, signIn, type FakeCall } from '../testing';
import { useLibraryGrid } from './useLibraryGrid';

export const gridRow = (i: number, over: Partial<LibraryGridRow> = {}): LibraryGridRow => ({
  id: `a${i}`,
  kind: 'study',
  patientRequestId: `r${i}`,
  approved_cfind_responseId: `a${i}`,
  documentId: null,
  study_instance_uid: `1.2.${i}`,
  facilityId: 'c1',
  facilityName: 'St. Mary Imaging Center',
  status: 'Completed',
  patientId: 'p1',
  patientName: 'Ann Lee',
  page: 'view-request-report-details',
  showImagingView: true,
  docReqType: 'IMAGES',
  recordName: `MR Brain ${i}`,
  modality: 'MR',
  study_description: 'Brain',
  date: '2025-12-30',
  total_instances: 20,
  fileName: null,
  created: '2026-01-05T00:00:00.000Z',
  starred: false,
  manual_upload_dicom: false,
  has_attachments: true,
  requestTypes: ['Images'],
  shared_with: [],
  sharedWithMe: false,
  ...over,
});

/** One store per test, as mountRemote gives one per mount. */
const makeWrapper = () => {
  const store = createRemoteStore(api);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <PortalSnackbarProvider>{children}</PortalSnackbarProvider>
    </Provider>
  );
  return Wrapper;
};

/** A snapshot of `count` rows that is ready after `pendingChecks` checks. */
const protocol = (count: number, pendingChecks = 0) => {
  let checks = 0;
  return {
    [`GET ${RECORDS_API.loadGrid}`]: [200, { identifier: '7d1c6a52-58ab-4c8e-9d0a-2f0b1c3d4e5f' }] as [number, unknown],
    [`GET ${RECORDS_API.checkData}`]: () => {
      checks += 1;
      return [200, checks > pendingChecks ? { isReady: true, total: count } : { isReady: false, total: null }] as [number, unknown];
    },
    [`GET ${RECORDS_API.fetchData}`]: (c: FakeCall) => {
      const offset = Number(c.query.get('chunkOffset'));
      const size = Number(c.query.get('chunkSize'));
      const rows = Array.from({ length: Math.max(0, Math.min(size, count - offset)) }, (_v, i) => gridRow(offset + i));
      return [200, { rows, hasMore: offset + rows.length < count }] as [number, unknown];
    },
  };
};

const paths = (calls: FakeCall[]) => calls.map((c) => c.path.replace('/api/v2/myRecords/', ''));

describe('useLibraryGrid', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('checks at once, polls every 2 s until ready, then reads chunks of 500 while hasMore', async () => {
    const calls = fakeApi(protocol(1001, 2));
    const { result } = renderHook(() => useLibraryGrid({}), { wrapper: makeWrapper() });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(paths(calls)).toEqual(['loadGrid', 'checkData']);
    expect(result.current.isLoading).toBe(true);
    await act(() => jest.advanceTimersByTimeAsync(GRID_POLL_MS - 1));
    expect(paths(calls)).toEqual(['loadGrid', 'checkData']);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(paths(calls)).toEqual(['loadGrid', 'checkData', 'checkData']);
    await act(() => jest.advanceTimersByTimeAsync(GRID_POLL_MS));
    expect(paths(calls)).toEqual(['loadGrid', 'checkData', 'checkData', 'checkData', 'fetchData', 'fetchData', 'fetchData']);
    const fetches = calls.filter((c) => c.path === RECORDS_API.fetchData);
    expect(fetches.map((c) => [c.query.get('chunkOffset'), c.query.get('chunkSize')])).toEqual([
      ['0', '500'],
      ['500', '500'],
      ['1000', '500'],
    ]);
    expect(fetches[0].query.get('identifier')).toBe('7d1c6a52-58ab-4c8e-9d0a-2f0b1c3d4e5f');
    expect(result.current.rows).toHaveLength(1001);
    expect(result.current.total).toBe(1001);
    expect(result.current.isFetching).toBe(false);
  });

  it('shows the first chunk before the next one arrives, with the total at once', async () => {
    const routes = protocol(600);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    fakeApi(routes);
    const realFetch = global.fetch;
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('chunkOffset=500')) await gate;
      return realFetch(input, init);
    }) as typeof fetch;
    const { result } = renderHook(() => useLibraryGrid({}), { wrapper: makeWrapper() });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current.total).toBe(600);
    expect(result.current.rows).toHaveLength(500);
    expect(result.current.isLoading).toBe(false);
    expect(result.current.isFetching).toBe(true);
    release();
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current.rows).toHaveLength(600);
  });

  it('an empty snapshot ends with no rows after one fetch', async () => {
    const calls = fakeApi(protocol(0));
    const { result } = renderHook(() => useLibraryGrid({}), { wrapper: makeWrapper() });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(paths(calls)).toEqual(['loadGrid', 'checkData', 'fetchData']);
    expect(result.current.rows).toEqual([]);
    expect(result.current.isLoading).toBe(false);
  });

  it('sends the query flags to loadGrid and starts over when the query changes or on reload', async () => {
    const calls = fakeApi(protocol(3));
    const { result, rerender } = renderHook((q: GridLoadQuery) => useLibraryGrid(q), { wrapper: makeWrapper(), initialProps: {} as GridLoadQuery });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(calls[0].query.toString()).toBe('');
    rerender({ onlyShared: true });
    await act(() => jest.advanceTimersByTimeAsync(0));
    const loads = calls.filter((c) => c.path === RECORDS_API.loadGrid);
    expect(loads[1].query.get('onlyShared')).toBe('true');
    expect(result.current.rows).toHaveLength(3);
    act(() => result.current.reload());
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(calls.filter((c) => c.path === RECORDS_API.loadGrid)).toHaveLength(3);
    expect(result.current.rows).toHaveLength(3);
  });

  it('a failed call is a red toast with the server message, and polling stops', async () => {
    const calls = fakeApi({
      [`GET ${RECORDS_API.loadGrid}`]: [200, { identifier: 'x' }],
      [`GET ${RECORDS_API.checkData}`]: [400, { statusCode: 400, code: 'VALIDATION.FAILED', message: 'identifier is not valid' }],
    });
    const { result } = renderHook(() => useLibraryGrid({}), { wrapper: makeWrapper() });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current.error).toBe('identifier is not valid');
    expect(await screen.findByText('identifier is not valid')).toBeTruthy();
    await act(() => jest.advanceTimersByTimeAsync(GRID_POLL_MS * 3));
    expect(calls).toHaveLength(2);
  });

  it('stops polling when unmounted', async () => {
    const calls = fakeApi(protocol(1, 100));
    const { unmount } = renderHook(() => useLibraryGrid({}), { wrapper: makeWrapper() });
    await act(() => jest.advanceTimersByTimeAsync(0));
    unmount();
    await act(() => jest.advanceTimersByTimeAsync(GRID_POLL_MS * 5));
    expect(calls).toHaveLength(2);
  });
});
