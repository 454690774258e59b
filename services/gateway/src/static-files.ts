import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { REMOTES } from '@portal/contracts';
import { type PortalConfig, WORKSPACE_ROOT } from '@portal/server-kit';
import { remotesManifest } from './remotes-config';

const HASHED = /\.[0-9a-f]{8,}\.(js|css|png|svg|woff2?|wasm)$/;
const setHeaders = (reply: FastifyReply, file: string) => {
  void reply.header('cache-control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
};

export const distOf = (pkg: string) => path.join(WORKSPACE_ROOT, pkg, 'dist');

/** The wizard's embed bundle (libs/webpack-kit createEmbedConfig) and the path facility sites load it from. */
export const EMBED_SCRIPT_PATH = '/embed.js';
export const embedScriptFile = () => path.join(distOf('mfe-request-wizard'), 'embed', 'embed.js');

/**
 * Serves the shell at `/` (any non-API path falls back to its index.html, the single-spa root) and
 * each remote's own build under `/remotes/<name>/`, plus `/remotes.json` from configuration.
 */
export const registerStaticFiles = async (app: FastifyInstance, config: PortalConfig): Promise<void> => {
  // Script URLs come from configuration (PUBLIC_URL), never from a caller's Host or X-Forwarded-Proto:
  // a cached answer made from one caller's headers would load another site's scripts for everyone.
  const origin = new URL(config.publicUrl).origin;
  app.get('/remotes.json', async (_req, reply) =>
    reply.header('cache-control', 'no-cache').send(remotesManifest(config, origin)),
  );
  // Loaded by facility sites from their own origins: not hashed (their tag never changes), so revalidated;
  // the edge's Cross-Origin-Resource-Policy is cross-origin, so their pages may run it. Read when asked,
  // so a rebuilt wizard is served without a restart.
  app.get(EMBED_SCRIPT_PATH, async (_req, reply) => {
    const file = embedScriptFile();
    if (!fs.existsSync(file)) return reply.callNotFound();
    return reply
      .header('cache-control', 'no-cache')
      .type('application/javascript; charset=utf-8')
      .send(fs.createReadStream(file));
  });
  for (const remote of REMOTES) {
    const root = distOf(remote);
    if (!fs.existsSync(root)) continue;
    await app.register(fastifyStatic, {
      root,
      prefix: `/remotes/${remote}/`,
      decorateReply: false,
      setHeaders,
      index: false,
      // The .br and .gz the production build wrote beside each asset (libs/webpack-kit): no compression per request.
      preCompressed: true,
    });
  }
  const shell = distOf('shell');
  if (!fs.existsSync(shell)) return;
  await app.register(fastifyStatic, {
    root: shell,
    prefix: '/',
    wildcard: false,
    setHeaders,
    index: false,
    preCompressed: true,
  });
  const indexHtml = () => fs.readFileSync(path.join(shell, 'index.html'));
  app.get('/*', async (req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/remotes/')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml());
  });
};
