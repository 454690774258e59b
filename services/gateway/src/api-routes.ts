import { API_ROOT, type ApiPath, apiRoute, CONTEXT_APIS } from '@portal/contracts';
import { CONTEXT_NAMES, type ContextName } from '@portal/server-kit';

const APIS: Record<ContextName, ReadonlyArray<Record<string, ApiPath>>> = CONTEXT_APIS;

/** A version segment (`/api/v2/myRecords`) names no owner: the prefix goes on to the next word. */
const VERSION = /^v\d+$/;

/** The head of a path with its ids as placeholders: the segments up to the first word, or the word after a leading id. */
const headOf = (path: ApiPath): { prefix?: string; idFirst?: string } => {
  const ids = typeof path === 'function' ? Array.from({ length: path.length }, (_, i) => `id${i}`) : [];
  const segments = apiRoute(path, ...ids).split('/');
  if (segments[0].startsWith(':')) return { idFirst: segments[1] };
  const words = VERSION.test(segments[0]) ? segments.slice(0, 2) : segments.slice(0, 1);
  return { prefix: `${API_ROOT}/${words.join('/')}` };
};

const owners = new Map<string, ContextName>();
const idFirstWords = new Map<ContextName, string[]>();
const own = (prefix: string, context: ContextName) => {
  const owner = owners.get(prefix);
  if (owner && owner !== context) throw new Error(`${prefix} is in the API of both ${owner} and ${context}`);
  owners.set(prefix, context);
};
for (const context of CONTEXT_NAMES) {
  // Each context's own prefix: its health route, and the REST paths the spec shows no path for.
  own(`${API_ROOT}/${context}`, context);
  for (const path of APIS[context].flatMap((api) => Object.values(api))) {
    const { prefix, idFirst } = headOf(path);
    if (prefix) own(prefix, context);
    else if (idFirst && !idFirstWords.get(context)?.includes(idFirst))
      idFirstWords.set(context, [...(idFirstWords.get(context) ?? []), idFirst]);
  }
}

/**
 * The one route table of proxy mode: which context answers which /api path prefix, made from the
 * contexts' API objects of libs/contracts (CONTEXT_APIS): a path is routed to the context whose API
 * holds it. The public paths are the spec's, so one context owns several prefixes; a prefix in two
 * contexts' APIs fails at start. Longest prefix wins.
 */
export const API_ROUTES: Array<[prefix: string, context: ContextName]> = [...owners];

/**
 * Spec paths that start with an id, not a word (`/api/{patientRequestId}/getDocuments/{id}`): no prefix
 * can name them, so they are matched by the word after the id (an nginx regex location too), after the
 * prefixes.
 */
export const API_PATTERN_ROUTES: Array<[pattern: string, context: ContextName]> = [...idFirstWords].map(
  ([context, words]) => [`^${API_ROOT}/[^/]+/(${words.join('|')})(/|$)`, context],
);
const PATTERNS = API_PATTERN_ROUTES.map(([pattern, context]) => [new RegExp(pattern), context] as const);

export const contextOfPath = (path: string): ContextName | undefined => {
  let best: [string, ContextName] | undefined;
  for (const route of API_ROUTES) {
    const [prefix] = route;
    if (
      (path === prefix || path.startsWith(prefix + '/') || path.startsWith(prefix + '?')) &&
      (!best || prefix.length > best[0].length)
    )
      best = route;
  }
  if (best) return best[1];
  const bare = path.split('?')[0];
  return PATTERNS.find(([re]) => re.test(bare))?.[1];
};
