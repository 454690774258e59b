/**
 * A fetch stub at the network boundary for the screens' specs: answers by method and path (query
 * strings ignored for matching, kept in the log), and records every call with its body.
 */
export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}
export type Answer =
  [status: number, body: unknown] | ((call: Call) => [number, unknown] | Promise<[number, unknown]>);

export const fakeApi = (routes: Record<string, Answer>) => {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const call = { method, path: url.pathname, search: url.searchParams, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const [status, answer] = !route
      ? [404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }]
      : typeof route === 'function'
        ? await route(call)
        : route;
    const text = answer === undefined ? '' : JSON.stringify(answer);
    return {
      status,
      statusText: '',
      ok: status < 300,
      text: async () => text,
      blob: async () => new Blob([text]),
    } as Response;
  }) as typeof fetch;
  return calls;
};
