import { useCallback, useEffect, useState } from 'react';
import { GRID_CHUNK_SIZE, GRID_POLL_MS, type GridLoadQuery, type LibraryGridRow } from '@portal/contracts';
import { queryError } from '@portal/api';
import { toast } from '@portal/ui';
import { useCheckDataMutation, useFetchDataMutation, useLoadGridMutation } from './grid.api';

export interface LibraryGrid {
  /** The rows fetched so far (they grow chunk by chunk). */
  rows: LibraryGridRow[];
  /** The snapshot's row count, known from checkData before the rows arrive; null until then. */
  total: number | null;
  /** Until the first chunk (or the end) arrives. */
  isLoading: boolean;
  /** Until the last chunk arrives. */
  isFetching: boolean;
  error: string | null;
  /** Loads the grid again (a new snapshot), e.g. after an upload. */
  reload: () => void;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

/**
 * The library's grid through its protocol (records spec §4): loadGrid, then checkData at once and
 * every 2 s until the snapshot is ready, then fetchData in chunks of 500 while hasMore. Rows show as
 * each chunk arrives. A new query (or reload) drops the run in progress and starts over; a failure is
 * a red toast. `skip` loads nothing.
 */
export const useLibraryGrid = (query: GridLoadQuery, skip = false): LibraryGrid => {
  const [loadGrid] = useLoadGridMutation();
  const [checkData] = useCheckDataMutation();
  const [fetchData] = useFetchDataMutation();
  const [state, setState] = useState<Omit<LibraryGrid, 'reload'>>({ rows: [], total: null, isLoading: !skip, isFetching: !skip, error: null });
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    if (skip) {
      setState({ rows: [], total: null, isLoading: false, isFetching: false, error: null });
      return;
    }
    const abort = new AbortController();
    const q = JSON.parse(key) as GridLoadQuery;
    const live = () => !abort.signal.aborted;
    setState({ rows: [], total: null, isLoading: true, isFetching: true, error: null });
    const run = async () => {
      const { identifier } = await loadGrid(q).unwrap();
      let check = await checkData(identifier).unwrap();
      while (live() && !check.isReady) {
        await wait(GRID_POLL_MS, abort.signal);
        check = await checkData(identifier).unwrap();
      }
      if (!live()) return;
      setState((s) => ({ ...s, total: check.total }));
      let offset = 0;
      for (;;) {
        const chunk = await fetchData({ identifier, chunkOffset: offset, chunkSize: GRID_CHUNK_SIZE }).unwrap();
        if (!live()) return;
        offset += chunk.rows.length;
        const more = chunk.hasMore && chunk.rows.length > 0;
        setState((s) => ({ ...s, rows: s.rows.concat(chunk.rows), isLoading: false, isFetching: more }));
        if (!more) return;
      }
    };
    run().catch((e: unknown) => {
      if (!live() || (e as Error)?.name === 'AbortError') return;
      const message = queryError(e).message;
      setState((s) => ({ ...s, isLoading: false, isFetching: false, error: message }));
      toast.error(message, 'records-grid');
    });
    return () => abort.abort();
  }, [key, generation, skip, loadGrid, checkData, fetchData]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
};
