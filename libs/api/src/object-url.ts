import { useEffect, useState } from 'react';
import { MESSAGES, VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { portalRequest, type PortalQueryError, type PortalQueryResult } from './base-query';
import type { ApiRequest } from './http';

/** What a call outside RTK Query may add to the base query's own headers (the types it takes, a viewer token). */
export type RequestOptions = Pick<ApiRequest, 'headers' | 'skipAuthRedirect'>;

/**
 * A call made with a viewer token (records spec §7): the token in its header; and a 401 then speaks of
 * the token (expired, revoked link), not of the portal's session, so it sends nobody to the login page.
 */
export const withViewerToken = (
  token: string | null | undefined,
  headers: Record<string, string> = {},
): RequestOptions => ({
  headers: token ? { ...headers, [VIEWER_TOKEN_HEADER]: token } : headers,
  skipAuthRedirect: true,
});

/** The bytes at `url` as an object URL the caller revokes, or the failure in the base query's vocabulary. */
export const fetchObjectUrl = async (
  url: string,
  req: RequestOptions & { signal?: AbortSignal } = {},
): Promise<PortalQueryResult<string>> => {
  const answer = await portalRequest<Blob>(url, { ...req, responseType: 'blob' });
  if (answer.error) return { error: answer.error };
  try {
    return { data: URL.createObjectURL(answer.data) };
  } catch {
    // A browser without object URLs shows what it shows without the bytes (a placeholder).
    return { error: { status: 0, message: MESSAGES.somethingWentWrong } };
  }
};

export type ObjectUrlState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'failed'; error: PortalQueryError };

const IDLE: ObjectUrlState = { status: 'idle' };
const LOADING: ObjectUrlState = { status: 'loading' };

/**
 * The bytes at `url` (an API path: a thumbnail, a document) as an object URL for an <img> or a tab.
 * An <img src> or a link sends none of the portal's headers, so the bytes come through the base
 * query's call (bearer, CSRF, a viewer token, the error vocabulary). The URL is revoked when `url`
 * changes or the component goes, so a long list of cards holds no bytes it no longer shows; null
 * fetches nothing (idle).
 */
export const useObjectUrl = (url: string | null, req: RequestOptions = {}): ObjectUrlState => {
  // Callers pass a fresh object each render: the request is compared by value.
  const key = JSON.stringify(req);
  const [answer, setAnswer] = useState<{ url: string; key: string; state: ObjectUrlState } | null>(null);
  useEffect(() => {
    if (!url) return undefined;
    const abort = new AbortController();
    let made: string | null = null;
    void fetchObjectUrl(url, { ...(JSON.parse(key) as RequestOptions), signal: abort.signal }).then(
      (result) => {
        if (abort.signal.aborted) {
          if (result.data) URL.revokeObjectURL(result.data);
          return;
        }
        if (result.data) made = result.data;
        setAnswer({
          url,
          key,
          state: result.error
            ? { status: 'failed', error: result.error }
            : { status: 'ready', url: result.data },
        });
      },
    );
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
      // A revoked URL must not come back should `url` return to this value.
      setAnswer(null);
    };
  }, [url, key]);
  if (!url) return IDLE;
  // Until this url's own answer: loading, never the bytes of the url before.
  return answer && answer.url === url && answer.key === key ? answer.state : LOADING;
};
