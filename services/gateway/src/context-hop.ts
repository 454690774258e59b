import { Readable } from 'node:stream';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pool, type Dispatcher } from 'undici';
import { logger } from '@portal/server-kit';
import { contextUnavailable } from './gateway.errors';

/** Headers of one connection that must not cross the hop (RFC 9110 7.6.1), request or answer; undici refuses `expect`. */
const HOP_BY_HOP = new Set(['connection', 'expect', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
/** Answers up to this size are collected and written in one go: one write instead of a stream's several. */
const BUFFERED_MAX = 64 * 1024;
const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ContextHop {
  handler: (req: FastifyRequest, reply: FastifyReply) => FastifyReply;
  close: () => Promise<void>;
}

/**
 * The proxy hop to one context: a keep-alive undici pool and a handler that forwards a request as it
 * came (path, query, headers, body stream) plus the request id and X-Forwarded-*. It does the least
 * per request that a hop can: no URL parsing, no per-request stream for small answers (the context's
 * JSON), a stream only for large ones (images, downloads), with back-pressure both ways.
 */
export const contextHop = (origin: string, connections = 128): ContextHop => {
  // More connections than the gateway's busiest expected concurrency, so requests never queue on one;
  // no pipelining: a slow answer (an export) would hold up the ones behind it on its connection.
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 60_000, headersTimeout: 60_000, bodyTimeout: 300_000 });
  const upstreamHost = new URL(origin).host;

  const handler = (req: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const headers: IncomingHttpHeaders = {};
    const given = req.headers;
    for (const name in given) if (!HOP_BY_HOP.has(name) && name !== 'host') headers[name] = given[name];
    headers['x-request-id'] = req.id;
    headers['x-forwarded-for'] = given['x-forwarded-for'] ? `${given['x-forwarded-for']}, ${req.socket.remoteAddress}` : req.socket.remoteAddress;
    headers['x-forwarded-proto'] = req.protocol;
    headers['x-forwarded-host'] = given['x-forwarded-host'] ?? given.host;
    headers.host = upstreamHost;
    // The body parser of the proxied routes hands the raw request stream over untouched (proxy.ts).
    const body = NO_BODY.has(req.method) ? null : ((req.body as Readable | undefined) ?? null);
    pool.dispatch({ origin, path: req.url, method: req.method as Dispatcher.HttpMethod, headers: headers as Record<string, string>, body }, answer(req, reply));
    return reply;
  };

  return { handler, close: () => pool.close() };
};

/** Copies the context's answer to the reply: collected when small and sized, streamed otherwise. */
const answer = (req: FastifyRequest, reply: FastifyReply): Dispatcher.DispatchHandler => {
  let chunks: Buffer[] | undefined;
  let stream: Readable | undefined;
  return {
    onRequestStart(controller) {
      // The caller went away: stop the context's work on its behalf too.
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort(new Error('client closed'));
      });
    },
    onResponseStart(controller, statusCode, headers) {
      const length = Number(headers['content-length']);
      for (const name in headers) {
        if (HOP_BY_HOP.has(name) || name === 'x-request-id') continue;
        if (name === 'content-length' && req.method !== 'HEAD') continue; // Fastify sizes what it sends
        void reply.header(name, headers[name]);
      }
      void reply.code(statusCode);
      if (length <= BUFFERED_MAX || req.method === 'HEAD' || statusCode === 204 || statusCode === 304) {
        chunks = [];
        return;
      }
      stream = new Readable({ read: () => controller.resume() });
      void reply.send(stream);
    },
    onResponseData(controller, chunk) {
      if (chunks) chunks.push(chunk);
      else if (stream && !stream.push(chunk)) controller.pause();
    },
    onResponseEnd() {
      if (chunks) void reply.send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
      else stream?.push(null);
    },
    onResponseError(_controller, err) {
      if (stream) {
        stream.destroy(err);
        return;
      }
      if (reply.sent || reply.raw.destroyed) return;
      logger.warn({ reqId: req.id, err: err.message }, 'context unreachable');
      void reply.code(503).send(contextUnavailable());
    },
  };
};
