import helmet from 'helmet';
import type { PortalConfig } from '@portal/server-kit';
import { remoteOrigins } from './remotes-config';

/** The edge's helmet policy: remotes served from other origins must be allowed to load. */
const helmetOptions = (remotes: string[]): Parameters<typeof helmet>[0] => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The imaging viewer's codecs are WebAssembly: compiling them needs 'wasm-unsafe-eval' (not 'unsafe-eval').
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...remotes],
      connectSrc: ["'self'", ...remotes],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...remotes],
      fontSrc: ["'self'", 'data:', ...remotes],
      workerSrc: ["'self'", 'blob:'],
      frameAncestors: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
});

/**
 * helmet's headers for this configuration, computed once. They depend only on configuration (no CSP
 * nonces), so building them per request (what @fastify/helmet did) is wasted work on every call; and
 * the nginx configuration writes the very same headers. helmet stays the author of the policy: its
 * middleware is run once against a recording response.
 */
export const securityHeaders = (
  config: Pick<PortalConfig, 'remotesJson' | 'remoteUrls'>,
): Record<string, string> => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
  };
  let failure: unknown;
  helmet(helmetOptions(remoteOrigins(config)))({} as never, recorder as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
};

/**
 * The imaging viewer's decode worker (a script of mfe-viewer) runs Emscripten/embind codecs (JPEG-LS,
 * JPEG 2000) that build their bindings with `new Function`: a worker's own CSP comes with its script,
 * so only mfe-viewer's scripts get 'unsafe-eval' (a script loaded by a page ignores its own CSP; the
 * pages keep theirs). Decision 0017.
 */
export const WORKER_SCRIPTS = /^\/remotes\/mfe-viewer\/[^/]+\.js$/;
export const workerScriptPolicy = (pagePolicy: string): string =>
  pagePolicy.replace(/script-src ([^;]*)/, (_all, sources: string) => `script-src ${sources} 'unsafe-eval'`);
