import { useCallback, useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { GRID_CHUNK_SIZE, GRID_POLL_MS, type GridLoadQuery, type LibraryGridRow } from '@portal/contracts';
import { queryError } from '@portal/api';
import { toast } from '@portal/ui';
import { useCheckDataQuery, useFetchDataMutation, useLoadGridMutation } from './grid.api';

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

type GridState = Omit<LibraryGrid, 'reload'>;
const IDLE: GridState = { rows: [], total: null, isLoading: false, isFetching: false, error: null };
const STARTING: GridState = { rows: [], total: null, isLoading: true, isFetching: true, error: null };

/** The snapshot of the current run: its identifier once loadGrid answered, and whether checkData found it built. */
interface Snapshot {
  identifier: string;
  built: boolean;
}

/**
 * The library's grid through its protocol (records spec §4): loadGrid, then checkData at once and
 * every 2 s until the snapshot is ready (RTK Query's polling), then fetchData in chunks of 500 while
 * hasMore. Rows show as each chunk arrives. A new query (or reload) drops the run in progress and
 * starts over; a failure is a red toast and stops the run. `skip` loads nothing.
 */
export const useLibraryGrid = (query: GridLoadQuery, skip = false): LibraryGrid => {
  const [loadGrid] = useLoadGridMutation();
  const [fetchData] = useFetchDataMutation();
  const [state, setState] = useState<GridState>(skip ? IDLE : STARTING);
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(query);

  const fail = useCallback((e: unknown) => {
    const message = queryError(e).message;
    setState((s) => ({ ...s, isLoading: false, isFetching: false, error: message }));
    toast.error(message, 'records-grid');
  }, []);

  // A new snapshot for each query and each reload.
  useEffect(() => {
    setSnapshot(null);
    if (skip) {
      setState(IDLE);
      return undefined;
    }
    let live = true;
    setState(STARTING);
    loadGrid(JSON.parse(key) as GridLoadQuery)
      .unwrap()
      .then(
        ({ identifier }) => live && setSnapshot({ identifier, built: false }),
        (e: unknown) => live && fail(e),
      );
    return () => {
      live = false;
    };
  }, [key, generation, skip, loadGrid, fail]);

  // Polled until built; a failed check ends the run (skipping the query stops the polling).
  const polling = snapshot !== null && !snapshot.built && state.error === null;
  const check = useCheckDataQuery(polling ? snapshot.identifier : skipToken, {
    pollingInterval: GRID_POLL_MS,
  });
  const checked = check.currentData;
  useEffect(() => {
    if (check.error) fail(check.error);
    else if (checked?.isReady) {
      setState((s) => ({ ...s, total: checked.total }));
      setSnapshot((s) => s && { ...s, built: true });
    }
  }, [check.error, checked, fail]);

  // Once built: the rows, chunk after chunk.
  const ready = snapshot?.built ? snapshot.identifier : null;
  useEffect(() => {
    if (!ready) return undefined;
    let live = true;
    const read = async () => {
      let offset = 0;
      for (;;) {
        const chunk = await fetchData({
          identifier: ready,
          chunkOffset: offset,
          chunkSize: GRID_CHUNK_SIZE,
        }).unwrap();
        if (!live) return;
        offset += chunk.rows.length;
        const more = chunk.hasMore && chunk.rows.length > 0;
        setState((s) => ({ ...s, rows: s.rows.concat(chunk.rows), isLoading: false, isFetching: more }));
        if (!more) return;
      }
    };
    read().catch((e: unknown) => live && fail(e));
    return () => {
      live = false;
    };
  }, [ready, fetchData, fail]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
};
