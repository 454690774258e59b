import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { GRID_POLL_MS, RECORDS_API, type GridLoadQuery } from '@portal/contracts';
import { createRemoteStore } from '@portal/api';
import { PortalSnackbarProvider } from '@portal/ui';
import { api } from '../api';
import { fakeApi, signIn, type FakeCall } from '../testing';
import { useLibraryGrid } from './useLibraryGrid';
import { gridProtocol as protocol } from './testing';

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

const paths = (calls: FakeCall[]) => calls.map((c) => c.path.replace('/api/v2/myRecords/', ''));

/**
 * A query's answer reaches the hook on an animation frame (the store batches what it tells its
 * subscribers), so the test lets a few frames of fake time pass after each answer it waits for.
 */
const FRAME_MS = 50;
const settle = () => act(() => jest.advanceTimersByTimeAsync(FRAME_MS));

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
    expect(paths(calls)).toEqual(['loadGrid', 'checkData', 'checkData', 'checkData']);
    await settle();
    expect(paths(calls)).toEqual([
      'loadGrid',
      'checkData',
      'checkData',
      'checkData',
      'fetchData',
      'fetchData',
      'fetchData',
    ]);
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
    // Built: nothing polls any more.
    await act(() => jest.advanceTimersByTimeAsync(GRID_POLL_MS * 3));
    expect(paths(calls).filter((p) => p === 'checkData')).toHaveLength(3);
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
    await settle();
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
    await settle();
    expect(paths(calls)).toEqual(['loadGrid', 'checkData', 'fetchData']);
    expect(result.current.rows).toEqual([]);
    expect(result.current.isLoading).toBe(false);
  });

  it('sends the query flags to loadGrid and starts over when the query changes or on reload', async () => {
    const calls = fakeApi(protocol(3));
    const { result, rerender } = renderHook((q: GridLoadQuery) => useLibraryGrid(q), {
      wrapper: makeWrapper(),
      initialProps: {} as GridLoadQuery,
    });
    await settle();
    expect(calls[0].query.toString()).toBe('');
    rerender({ onlyShared: true });
    await settle();
    const loads = calls.filter((c) => c.path === RECORDS_API.loadGrid);
    expect(loads[1].query.get('onlyShared')).toBe('true');
    expect(result.current.rows).toHaveLength(3);
    act(() => result.current.reload());
    await settle();
    expect(calls.filter((c) => c.path === RECORDS_API.loadGrid)).toHaveLength(3);
    expect(result.current.rows).toHaveLength(3);
  });

  it('a failed call is a red toast with the server message, and polling stops', async () => {
    const calls = fakeApi({
      [`GET ${RECORDS_API.loadGrid}`]: [200, { identifier: 'x' }],
      [`GET ${RECORDS_API.checkData}`]: [
        400,
        { statusCode: 400, code: 'VALIDATION.FAILED', message: 'identifier is not valid' },
      ],
    });
    const { result } = renderHook(() => useLibraryGrid({}), { wrapper: makeWrapper() });
    await settle();
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
