import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import type { Edge, EdgeAnswer } from './edge-checks';

export { CSRF_COOKIE } from './edge-rules';

/** Shell and remote bundles are text: brotli or gzip, at a level cheap enough to do per request. */
export const BROTLI_QUALITY = 5;
export const COMPRESS_THRESHOLD = 1024;

/**
 * The edge of the one public origin for what Fastify serves (shell, remotes, the gateway's own Nest
 * routes): the edge's rules (edge-checks.ts) in one synchronous hook, then compression. Proxied /api
 * calls get the same rules from the proxy front (proxy-front.ts) without entering Fastify.
 * Request ids and JSON logs come from server-kit's app.
 */
export const registerEdge = async (app: FastifyInstance, edge: Edge): Promise<void> => {
  app.addHook('onRequest', (req, reply, done) => {
    const finish = (answer: EdgeAnswer | undefined) => {
      if (!answer) return done();
      // Answered here: the call goes no further (a hook that replies does not call done).
      void reply.code(answer.status).send(answer.body ?? '');
    };
    const result = edge.apply(req.raw, (name, value) => void reply.header(name, value));
    if (result instanceof Promise) result.then(finish, done);
    else finish(result);
  });
  app.addHook('onClose', () => edge.close());
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
};
