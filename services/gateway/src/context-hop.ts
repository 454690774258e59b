import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import {
  brotliCompress,
  constants as zlib,
  createBrotliCompress,
  createGzip,
  gzip,
  type Gzip,
  type BrotliCompress,
} from 'node:zlib';
import { Pool, type Dispatcher } from 'undici';
import { hasBody, logger } from '@portal/server-kit';
import { contextUnavailable } from './gateway.errors';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD } from './edge';

/** Headers of one connection that must not cross the hop (RFC 9110 7.6.1), request or answer; undici refuses `expect`. */
const HOP_BY_HOP = new Set([
  'connection',
  'expect',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
/** Answers up to this size are collected and written in one go: one write instead of a stream's several. */
const BUFFERED_MAX = 64 * 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|[\w.+-]+\+(json|xml))|image\/svg\+xml)/;
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };

export type Encoding = 'br' | 'gzip';

const accepts = (accept: string, name: Encoding): boolean => {
  for (const part of accept.split(',')) {
    const [token, ...params] = part.split(';');
    if (token.trim() !== name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
};

/** br, else gzip, when the caller accepts it (`;q=0` refuses), as @fastify/compress chooses for Fastify's answers. */
export const encodingOf = (accept: string | undefined): Encoding | undefined =>
  !accept ? undefined : accepts(accept, 'br') ? 'br' : accepts(accept, 'gzip') ? 'gzip' : undefined;

/**
 * The proxy hop to one context: a keep-alive undici pool, and a forward that sends a call as it came
 * (path, query, headers, body stream) plus the request id and X-Forwarded-*. It does the least per call
 * that a hop can: no URL parsing, no stream for small answers (the contexts' JSON), a stream only for
 * large ones (images, downloads) with back-pressure both ways, compression when it pays.
 */
export const contextHop = (origin: string, connections = 128) => {
  // More connections than the expected concurrency, so calls never queue behind one another; no
  // pipelining: a slow answer (an export) would hold up the calls behind it on its connection.
  const pool = new Pool(origin, {
    connections,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: 60_000,
    bodyTimeout: 300_000,
  });
  const upstreamHost = new URL(origin).host;

  /**
   * `client` is the caller's address as the edge resolved it (socket, or a trusted proxy's word): it is
   * the whole X-Forwarded-For the context gets, so a client's own entries never reach it. So are the
   * proto and host of a trusted proxy (`viaTrustedProxy`); anyone else's are replaced by the hop's own.
   */
  const forward = (
    req: IncomingMessage,
    res: ServerResponse,
    reqId: string,
    encoding: Encoding | undefined,
    client: { address: string; viaTrustedProxy: boolean },
  ): void => {
    const given = req.headers;
    const headers: IncomingHttpHeaders = {};
    for (const name in given) if (!HOP_BY_HOP.has(name)) headers[name] = given[name];
    const proto = 'encrypted' in req.socket ? 'https' : 'http';
    headers['x-request-id'] = reqId;
    headers['x-forwarded-for'] = client.address;
    headers['x-forwarded-proto'] = (client.viaTrustedProxy && given['x-forwarded-proto']) || proto;
    headers['x-forwarded-host'] = (client.viaTrustedProxy && given['x-forwarded-host']) || given.host;
    headers.host = upstreamHost;
    try {
      pool.dispatch(
        {
          origin,
          path: req.url ?? '/',
          method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
          headers: headers as Record<string, string>,
          body: hasBody(given) ? req : null,
        },
        answer(req, res, reqId, encoding),
      );
    } catch (err) {
      unavailable(res, reqId, err as Error);
    }
  };

  return { forward, close: () => pool.close() };
};

const unavailable = (res: ServerResponse, reqId: string, err: Error) => {
  if (res.headersSent) return void res.destroy(err);
  logger.warn({ reqId, err: err.message }, 'context unreachable');
  res
    .writeHead(503, { 'content-type': 'application/json; charset=utf-8' })
    .end(JSON.stringify(contextUnavailable()));
};

/** Copies the context's answer to the caller: collected when small and sized, streamed otherwise. */
const answer = (
  req: IncomingMessage,
  res: ServerResponse,
  reqId: string,
  accepted: Encoding | undefined,
): Dispatcher.DispatchHandler => {
  let chunks: Buffer[] | undefined;
  let sink: ServerResponse | Gzip | BrotliCompress | undefined;
  let encoding: Encoding | undefined;
  let started = false;
  return {
    onRequestStart(controller) {
      // The caller went away: stop the context's work on its behalf too.
      res.once('close', () => {
        if (!res.writableFinished) controller.abort(new Error('caller closed'));
      });
    },
    onResponseStart(controller, statusCode, headers) {
      started = true;
      const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
      const bodiless = req.method === 'HEAD' || statusCode === 204 || statusCode === 304;
      const type = headers['content-type'];
      if (
        accepted &&
        !bodiless &&
        !headers['content-encoding'] &&
        typeof type === 'string' &&
        COMPRESSIBLE.test(type) &&
        (length === undefined || length >= COMPRESS_THRESHOLD)
      )
        encoding = accepted;
      for (const name in headers) {
        const value = headers[name];
        if (
          value === undefined ||
          HOP_BY_HOP.has(name) ||
          name === 'x-request-id' ||
          (encoding && name === 'content-length')
        )
          continue;
        // The edge may have set a cookie (CSRF) and Vary (Origin) already: the context's add to them.
        if (name === 'set-cookie' || name === 'vary') res.appendHeader(name, value);
        else res.setHeader(name, value);
      }
      res.statusCode = statusCode;
      if (encoding) {
        res.setHeader('content-encoding', encoding);
        res.appendHeader('vary', 'Accept-Encoding');
      }
      if (bodiless || (length !== undefined && length <= BUFFERED_MAX)) {
        chunks = [];
        return;
      }
      sink = res;
      if (encoding) {
        sink = encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip();
        sink.pipe(res);
      }
      sink.on('drain', () => controller.resume());
    },
    onResponseData(controller, chunk) {
      if (chunks) chunks.push(chunk);
      else if (sink && !sink.write(chunk)) controller.pause();
    },
    onResponseEnd() {
      if (!chunks) return void sink?.end();
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      if (!encoding) return void res.end(body);
      const done = (err: Error | null, packed: Buffer) => {
        if (err) return void res.destroy(err);
        res.setHeader('content-length', packed.length);
        res.end(packed);
      };
      if (encoding === 'br') brotliCompress(body, BROTLI, done);
      else gzip(body, done);
    },
    onResponseError(_controller, err) {
      // The context failed mid-answer: the caller must see a broken answer, never a short one as whole.
      if (started) {
        if (sink && sink !== res) sink.destroy(err);
        return void res.destroy(err);
      }
      unavailable(res, reqId, err);
    },
  };
};
