import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FrontHandler, logger, logRequest, type PortalConfig, requestIdOf } from '@portal/server-kit';
import { contextOfPath } from './api-routes';
import type { ContextName } from './contexts';
import { contextHop, encodingOf } from './context-hop';
import type { Edge, EdgeAnswer } from './edge-checks';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Proxy mode's front: a call whose path the route table gives to a context is taken before Fastify and
 * Nest see it, checked by the edge's rules (the same function Fastify's hook calls), and forwarded by
 * that context's hop. A forwarded call needs no router, guard, pipe or interceptor of the gateway (the
 * context runs its own), and skipping them is most of what the hop cost (docs/decisions/0013).
 * Everything else (shell, remotes, /api/docs, /health, the gateway's own routes) goes on to Fastify.
 */
export const proxyFront = (config: PortalConfig, edge: Edge) => {
  const hops = new Map<ContextName, ReturnType<typeof contextHop>>();
  const hopOf = (context: ContextName) => {
    let hop = hops.get(context);
    if (!hop) hops.set(context, (hop = contextHop(config.contextUrls[context])));
    return hop;
  };

  const handle: FrontHandler = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const context = url.startsWith('/api/') ? contextOfPath(url) : undefined;
    if (!context) return false;
    const reqId = requestIdOf(req.headers);
    if (logger.isLevelEnabled('info')) {
      const started = performance.now();
      res.once('finish', () =>
        logRequest(reqId, req.method, url, res.statusCode, performance.now() - started),
      );
    }
    res.setHeader('x-request-id', reqId);
    const go = (answer: EdgeAnswer | undefined) => {
      if (!answer)
        return hopOf(context).forward(
          req,
          res,
          reqId,
          encodingOf(req.headers['accept-encoding']),
          edge.client(req),
        );
      if (answer.body)
        res.writeHead(answer.status, { 'content-type': JSON_TYPE }).end(JSON.stringify(answer.body));
      else res.writeHead(answer.status).end();
    };
    const result = edge.apply(req, (name, value) => res.setHeader(name, value));
    if (result instanceof Promise) void result.then(go);
    else go(result);
    return true;
  };

  const close = async () => {
    await Promise.all([...hops.values()].map((h) => h.close()));
  };
  return { handle, close };
};
