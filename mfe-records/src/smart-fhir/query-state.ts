import type { SmartFhirIdentifier, SmartFhirQueryAnswer, SmartFhirStudyRow } from '@portal/contracts';

/** Where one source's query stands: asked again until ready, failed (with the text shown), or stopped. */
export type SourceStatus =
  { kind: 'polling' } | { kind: 'ready' } | { kind: 'stopped' } | { kind: 'failed'; message: string };

export interface SourceQuery {
  source: SmartFhirIdentifier;
  status: SourceStatus;
  /** The source's rows as its latest answer gave them. */
  rows: SmartFhirStudyRow[];
}

export interface QueryState {
  /** initLoadGrid is in flight: the sources are not known yet. */
  starting: boolean;
  /** In initLoadGrid's order; null before its answer. */
  sources: SourceQuery[] | null;
}

export type QueryEvent =
  | { type: 'start' }
  | { type: 'initFailed' }
  | { type: 'sources'; identifiers: SmartFhirIdentifier[] }
  | { type: 'answer'; identifier: string; answer: SmartFhirQueryAnswer }
  | { type: 'failed'; identifier: string; message: string }
  | { type: 'stop' };

export const INITIAL_QUERY: QueryState = { starting: true, sources: null };

/** initLoadGrid's identifiers, each once (a repeated one would be polled twice). */
export const uniqueSources = (identifiers: SmartFhirIdentifier[]): SmartFhirIdentifier[] => [
  ...new Map(identifiers.map((i) => [i.identifier, i])).values(),
];

/** What an answer says of its source: ready, failed with the source's own error, or still going. */
export const statusOf = (answer: SmartFhirQueryAnswer): SourceStatus =>
  answer.error
    ? { kind: 'failed', message: answer.error }
    : answer.is_ready
      ? { kind: 'ready' }
      : { kind: 'polling' };

const updateSource = (
  state: QueryState,
  identifier: string,
  change: (s: SourceQuery) => SourceQuery,
): QueryState => ({
  ...state,
  sources:
    state.sources?.map((s) =>
      // A source that has ended keeps its end: a late answer cannot revive a stopped or failed one.
      s.source.identifier === identifier && s.status.kind === 'polling' ? change(s) : s,
    ) ?? null,
});

export const queryReducer = (state: QueryState, event: QueryEvent): QueryState => {
  switch (event.type) {
    case 'start':
      return INITIAL_QUERY;
    case 'initFailed':
      // Its toast is shown; nothing is queried.
      return { starting: false, sources: null };
    case 'sources':
      return {
        starting: false,
        sources: event.identifiers.map((source) => ({ source, status: { kind: 'polling' }, rows: [] })),
      };
    case 'answer':
      return updateSource(state, event.identifier, (s) => ({
        ...s,
        status: statusOf(event.answer),
        // Each answer holds the source's rows so far; a failure that brings none keeps those received.
        rows: event.answer.error && event.answer.data.length === 0 ? s.rows : event.answer.data,
      }));
    case 'failed':
      return updateSource(state, event.identifier, (s) => ({
        ...s,
        status: { kind: 'failed', message: event.message },
      }));
    case 'stop':
      return {
        ...state,
        starting: false,
        sources:
          state.sources?.map((s) =>
            s.status.kind === 'polling' ? { ...s, status: { kind: 'stopped' } } : s,
          ) ?? null,
      };
  }
};

/** Sources still being asked, and how many of all have answered (ready or failed). */
export const progressOf = (state: QueryState) => {
  const sources = state.sources ?? [];
  const polling = sources.filter((s) => s.status.kind === 'polling').length;
  const answered = sources.filter((s) => s.status.kind === 'ready' || s.status.kind === 'failed').length;
  return { busy: state.starting || polling > 0, answered, total: sources.length };
};
