/**
 * The one HTTP helper of the front end: JSON, cookies, bearer token from the session, CSRF header
 * on every call, 401 handling, GET retry on 504, and error texts in the spec's order.
 */
import {
  CSRF_HEADER,
  MESSAGES,
  ON_BEHALF_OF_HEADER,
  PATHS,
  isErrorBody,
  onBehalfOfValue,
  personPath,
  statusFallbackMessage,
} from '@portal/contracts';
import type { ErrorBody } from '@portal/contracts';
import { clearSession, getRouteTable, getToken } from '@portal/session';

export const RETRY_DELAY_MS = 2000;
export const LOGIN_PATH = '/api/auth/login';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** GET only: how many times to retry on 504, every 2 s. */
  retry?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Skip the 401 redirect (used by the login call itself). */
  skipAuthRedirect?: boolean;
  /**
   * 'blob': answer the bytes (an image, a document) instead of parsed JSON; 'stream': answer the
   * Response unread, for a body read as it arrives (a series' pixel data). A failure still reads the error body.
   */
  responseType?: 'json' | 'blob' | 'stream';
}

/** An HTTP failure carrying the text to show and the server's error body when there is one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: ErrorBody,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Where the API is. In the portal: its own origin (relative URLs). In the wizard embedded on a
 * facility's site (embed.js): the portal's origin, with no redirect of the host page on 401, and a
 * CSRF header of its own: the portal's cookie is not readable on, nor sent from, another site, and
 * the edge takes any header then (a custom header already needs the CORS preflight that only
 * allowlisted origins pass).
 */
const apiTarget: { origin: string; csrf?: string } = { origin: '' };

/** Points every call of this bundle at `origin` (the embed's portal); '' goes back to same-origin calls. */
export const configureApiOrigin = (origin: string): void => {
  apiTarget.origin = origin.replace(/\/+$/, '');
  apiTarget.csrf = origin
    ? (globalThis.crypto?.randomUUID?.() ?? String(Math.random()).slice(2)).replace(/-/g, '')
    : undefined;
};

/** The URL a call goes to: an API path of the portal becomes absolute when the API is elsewhere. */
export const apiUrl = (url: string): string =>
  apiTarget.origin && url.startsWith('/') ? apiTarget.origin + url : url;

export const readCookie = (name: string): string | undefined => {
  if (typeof document === 'undefined') return undefined;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined;
};

/**
 * The member a screen acts for: on a person path (`/groups/{g}/user/{u}/…`, decision 0027) every call says
 * so, and the server answers as that member where the coordinator may act. Never from an embedded wizard:
 * the host page's address is not the portal's.
 */
export const actingHeader = (pathname: string | undefined): Record<string, string> => {
  const person = pathname && !apiTarget.origin ? personPath(pathname) : null;
  return person ? { [ON_BEHALF_OF_HEADER]: onBehalfOfValue(person.groupId, person.userId) } : {};
};

/** Headers sent on every call. */
export const buildHeaders = (extra: Record<string, string> = {}, json = true): Record<string, string> => {
  const pathname = typeof window === 'undefined' ? undefined : window.location.pathname;
  const headers: Record<string, string> = { Accept: 'application/json', ...actingHeader(pathname), ...extra };
  if (json) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  headers[CSRF_HEADER] = readCookie('XSRF-TOKEN') ?? apiTarget.csrf ?? '';
  return headers;
};

/**
 * A GET of bytes as apiFetch would send it (address, headers), for a worker to make itself: a
 * series' pixel data is read off the page's thread. The worker sends it with credentials included.
 */
export const bytesCall = (
  url: string,
  headers: Record<string, string> = {},
): { url: string; headers: Record<string, string> } => ({
  url: new URL(apiUrl(url), typeof location === 'undefined' ? 'http://localhost' : location.href).href,
  headers: buildHeaders({ Accept: '*/*', ...headers }, false),
});

/** 'server message' else 'Error status - text' else 'Something went wrong'. */
export const errorMessage = (status: number, statusText: string, body: unknown): string => {
  if (isErrorBody(body) && body.message) return body.message;
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return status ? statusFallbackMessage(status, statusText) : MESSAGES.somethingWentWrong;
};

/** Navigation used on 401; replaceable in tests. */
export const redirect = { to: (url: string) => window.location.assign(url) };

/** 401 outside the login call: the session ends and the browser goes to the table's unauthorized page. */
export const handleUnauthorized = (): void => {
  clearSession();
  // Embedded on a facility's site: the host page is not ours to send anywhere.
  if (apiTarget.origin) return;
  const target = PATHS[getRouteTable()].unauthorized;
  if (typeof window !== 'undefined' && window.location.pathname !== target) redirect.to(target);
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const parseBody = async (res: Response): Promise<unknown> => {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Calls `url` and returns the parsed JSON answer, or throws ApiError with the text to show. */
export async function apiFetch<T = unknown>(url: string, req: ApiRequest = {}): Promise<T> {
  const method = req.method ?? (req.body === undefined ? 'GET' : 'POST');
  const isForm = typeof FormData !== 'undefined' && req.body instanceof FormData;
  let attemptsLeft = method === 'GET' ? (req.retry ?? 0) : 0;
  // A 401 only ends the session it was sent with: an answer that arrives after logout or a role
  // switch (the session changed meanwhile) must not send the visitor anywhere.
  const sentWith = getToken();
  const bytes = req.responseType === 'blob' || req.responseType === 'stream';
  // Bytes take whatever type the route answers unless the caller names one.
  const headers = bytes ? { Accept: '*/*', ...req.headers } : req.headers;
  for (;;) {
    let res: Response;
    try {
      res = await fetch(apiUrl(url), {
        method,
        credentials: 'include',
        // No JSON content type without a body: Fastify refuses an empty JSON body (a DELETE, for one).
        headers: buildHeaders(headers, !isForm && req.body !== undefined),
        body: req.body === undefined ? undefined : isForm ? (req.body as FormData) : JSON.stringify(req.body),
        signal: req.signal,
      });
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') throw e;
      throw new ApiError(MESSAGES.somethingWentWrong, 0);
    }
    if (res.status === 504 && attemptsLeft > 0) {
      attemptsLeft -= 1;
      await sleep(RETRY_DELAY_MS);
      continue;
    }
    if (res.ok && req.responseType === 'stream') return res as T;
    if (res.ok && bytes) return (await res.blob()) as T;
    const body = await parseBody(res);
    if (res.ok) return body as T;
    if (
      res.status === 401 &&
      !req.skipAuthRedirect &&
      !url.endsWith(LOGIN_PATH) &&
      sentWith !== null &&
      getToken() === sentWith
    ) {
      handleUnauthorized();
    }
    throw new ApiError(
      errorMessage(res.status, res.statusText, body),
      res.status,
      isErrorBody(body) ? body : undefined,
    );
  }
}
