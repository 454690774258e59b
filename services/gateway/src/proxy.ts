import type { FastifyInstance } from 'fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { logger, type PortalConfig } from '@portal/server-kit';
import { API_ROUTES } from './api-routes';
import { CONTEXT_NAMES, type ContextName } from './contexts';
import { contextHop, type ContextHop } from './context-hop';

const METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'];

/**
 * Proxy mode: forwards /api/* by the one route table to the separately running contexts. The routes
 * are Fastify's own, not Nest's (a forwarded call needs no guard, pipe or interceptor: the context runs
 * its own), so a call crosses the edge's hooks and one handler. One keep-alive pool per context,
 * shared by all of its prefixes.
 */
export const registerProxies = async (app: FastifyInstance, config: PortalConfig): Promise<void> => {
  await app.register(async (scope) => {
    // Bodies go to the context as they came, unparsed; the context applies its own body limit.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    const hops = new Map<ContextName, ContextHop>();
    for (const [prefix, context] of API_ROUTES) {
      if (!hops.has(context)) hops.set(context, contextHop(config.contextUrls[context]));
      const handler = hops.get(context)!.handler;
      scope.route({ method: METHODS, url: prefix, handler });
      scope.route({ method: METHODS, url: `${prefix}/*`, handler });
    }
    scope.addHook('onClose', async () => {
      await Promise.all([...hops.values()].map((h) => h.close()));
    });
  });
};

/** One OpenAPI document for the whole API, merged from each context's own. */
export const mergedOpenApi = async (base: OpenAPIObject, config: PortalConfig, attempts = 20): Promise<OpenAPIObject> => {
  const merged: OpenAPIObject = { ...base, paths: { ...base.paths }, components: { ...base.components, schemas: { ...base.components?.schemas } } };
  for (const name of CONTEXT_NAMES) {
    for (let i = 0; i < attempts; i++) {
      try {
        const doc = (await (await fetch(`${config.contextUrls[name]}/api/docs-json`)).json()) as OpenAPIObject;
        Object.assign(merged.paths, doc.paths);
        Object.assign(merged.components!.schemas!, doc.components?.schemas);
        break;
      } catch {
        if (i === attempts - 1) logger.warn({ context: name }, 'OpenAPI of context not reachable');
        else await new Promise((r) => setTimeout(r, 250));
      }
    }
  }
  return merged;
};
