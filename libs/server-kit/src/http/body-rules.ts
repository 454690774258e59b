import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiConsumes } from '@nestjs/swagger';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { errorBody, mediaTypeOf } from '@portal/contracts';

/** What a route reads: the media types of the bodies it takes and how large one may be. */
export interface BodyRule {
  types: readonly string[];
  limit: number;
}

/** Every route that declares nothing takes JSON bodies of up to 1 MB (sign-in, forms, grid calls). */
export const JSON_BODY: BodyRule = { types: ['application/json'], limit: 1024 * 1024 };

const BODY_RULE = 'bodyRule';

/**
 * Declares the bodies a route reads (documented in the OpenAPI too). Any other type is answered 415,
 * and a declared length past `limit` 413, before a byte of the body is read; a body sent without a
 * length stops at `limit` while it is read. A route that declares nothing takes JSON_BODY.
 */
export const Consumes = (types: string | readonly string[], limit: number) => {
  const list = [types].flat();
  return applyDecorators(
    ApiConsumes(...list),
    RouteConfig({ [BODY_RULE]: { types: list, limit } satisfies BodyRule }),
  );
};

const ruleOf = (config: unknown): BodyRule =>
  (config as Record<string, BodyRule> | undefined)?.[BODY_RULE] ?? JSON_BODY;

/** Whether a request carries a body at all (a length above zero, or chunks). */
export const hasBody = (headers: IncomingHttpHeaders): boolean => {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
};

/**
 * One body rule per route, for every app made by createHttpApp: each route's body limit is its own
 * (Fastify applies it to every parser of the route while the body streams in), and a hook refuses a
 * body the route does not read before any parser sees it. So a 20 MB multipart body posted to the
 * sign-in route is a 415 at once, not 20 MB handed to a JSON schema.
 */
export const enforceBodyRules = (fastify: FastifyInstance): void => {
  fastify.addHook('onRoute', (route) => {
    route.bodyLimit = ruleOf(route.config).limit;
  });
  fastify.addHook('onRequest', (req, reply, done) => {
    if (!hasBody(req.headers)) return done();
    const rule = ruleOf(req.routeOptions.config);
    const type = mediaTypeOf(req.headers['content-type'] ?? '').type;
    if (!rule.types.includes(type)) {
      const expected = rule.types.join(' or ');
      return void reply.code(415).send({
        ...errorBody(
          'FILE.INVALID_TYPE',
          `This call takes ${expected} bodies, not ${type || 'an untyped body'}`,
        ),
        requestId: String(req.id),
      });
    }
    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length > rule.limit) {
      return void reply.code(413).send({
        ...errorBody(
          'FILE.TOO_LARGE',
          `The request body is larger than this call takes (${rule.limit} bytes)`,
        ),
        requestId: String(req.id),
      });
    }
    done();
  });
};
