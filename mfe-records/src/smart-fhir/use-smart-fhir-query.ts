import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  MESSAGES,
  SMART_FHIR_PAGE_SIZE,
  SMART_FHIR_POLL_ATTEMPTS,
  SMART_FHIR_POLL_MS,
  type SmartFhirQueryAnswer,
} from '@portal/contracts';
import { queryError } from '@portal/api';
import { toast } from '@portal/ui';
import { INITIAL_QUERY, progressOf, queryReducer, uniqueSources } from './query-state';
import { mergeRows } from './smart-fhir.rules';
import { useInitLoadGridMutation, useLoadGridByIdentifierMutation } from './smart-fhir.api';

interface Call<T> {
  unwrap: () => Promise<T>;
  abort: () => void;
}

/**
 * One query of all sources (opening the page, or Reload). Halting it (Stop, Reload, leaving the page)
 * aborts the calls in flight and the waits between polls, and makes late answers count for nothing.
 */
const startRun = () => {
  const calls = new Set<Call<unknown>>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const run = {
    live: true,
    call: <T>(c: Call<T>): Promise<T> => {
      calls.add(c);
      return c.unwrap().finally(() => calls.delete(c));
    },
    wait: (ms: number) =>
      new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          timers.delete(t);
          resolve();
        }, ms);
        timers.add(t);
      }),
    halt: () => {
      run.live = false;
      calls.forEach((c) => c.abort());
      timers.forEach(clearTimeout);
    },
  };
  return run;
};
type Run = ReturnType<typeof startRun>;

/**
 * The Smart FHIR query (records spec §4): initLoadGrid, then each identifier polled at once and every
 * SMART_FHIR_POLL_MS until ready, at most SMART_FHIR_POLL_ATTEMPTS times. A source's own error, a
 * failed call or running out of attempts ends that source only. Rows of all sources make one list,
 * shown SMART_FHIR_PAGE_SIZE at a time.
 */
export const useSmartFhirQuery = () => {
  const [initLoadGrid] = useInitLoadGridMutation();
  const [loadGridByIdentifier] = useLoadGridByIdentifierMutation();
  const [state, send] = useReducer(queryReducer, INITIAL_QUERY);
  // Rows requested on this page: marked at once, and still after a Reload that answers an older copy.
  const [requested, setRequested] = useState<ReadonlyMap<string, string>>(new Map());
  const [query, setQuery] = useState({ reload: false });
  const [shown, setShown] = useState(SMART_FHIR_PAGE_SIZE);
  const current = useRef<Run | null>(null);

  useEffect(() => {
    const run = startRun();
    current.current = run;
    send({ type: 'start' });
    const poll = async (identifier: string) => {
      for (let attempt = 1; run.live; attempt++) {
        let answer: SmartFhirQueryAnswer;
        try {
          answer = await run.call(loadGridByIdentifier(identifier));
        } catch {
          if (run.live) send({ type: 'failed', identifier, message: MESSAGES.smartFhirPollingFailed });
          return;
        }
        if (!run.live) return;
        send({ type: 'answer', identifier, answer });
        if (answer.error || answer.is_ready) return;
        if (attempt >= SMART_FHIR_POLL_ATTEMPTS) {
          send({ type: 'failed', identifier, message: MESSAGES.smartFhirSourceTimedOut });
          return;
        }
        await run.wait(SMART_FHIR_POLL_MS);
      }
    };
    run.call(initLoadGrid(query)).then(
      ({ identifiers }) => {
        if (!run.live) return;
        const sources = uniqueSources(identifiers);
        send({ type: 'sources', identifiers: sources });
        sources.forEach((s) => void poll(s.identifier));
      },
      (e: unknown) => {
        if (!run.live) return;
        send({ type: 'initFailed' });
        toast.error(queryError(e).message, 'smart-fhir-init');
      },
    );
    return run.halt;
  }, [query, initLoadGrid, loadGridByIdentifier]);

  const rows = useMemo(
    () => mergeRows(state.sources?.flatMap((s) => s.rows) ?? [], requested),
    [state.sources, requested],
  );

  const stop = useCallback(() => {
    current.current?.halt();
    send({ type: 'stop' });
  }, []);
  const reload = useCallback(() => {
    setShown(SMART_FHIR_PAGE_SIZE);
    // A new object: the effect runs again even when the last query was a reload too.
    setQuery({ reload: true });
  }, []);
  const loadMore = useCallback(() => setShown((n) => n + SMART_FHIR_PAGE_SIZE), []);
  const markRequested = useCallback(
    (rowId: string, patientRequestId: string) => setRequested((m) => new Map(m).set(rowId, patientRequestId)),
    [],
  );

  return {
    ...progressOf(state),
    /** null until initLoadGrid answers. */
    sources: state.sources,
    rows,
    visibleRows: rows.slice(0, shown),
    hasMore: rows.length > shown,
    stop,
    reload,
    loadMore,
    markRequested,
  };
};

export type SmartFhirQuery = ReturnType<typeof useSmartFhirQuery>;
