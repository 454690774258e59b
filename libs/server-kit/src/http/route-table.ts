import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

const tables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Records every route Fastify registers from now on (Nest's controllers, plugins, the proxy), so
 * tests can hold the served routes against the OpenAPI document: a route nobody documented is a
 * route the fuzz and the authorization matrix would never try.
 */
export const recordRoutes = (fastify: FastifyInstance): void => {
  const table: RegisteredRoute[] = [];
  tables.set(fastify, table);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url });
  });
};

export const registeredRoutes = (fastify: FastifyInstance): RegisteredRoute[] => tables.get(fastify) ?? [];
