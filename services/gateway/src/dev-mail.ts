import type { FastifyInstance } from 'fastify';
import { Pool } from 'pg';
import {
  boundedPoolOptions,
  databaseTimeouts,
  isLocalCaller,
  type PortalConfig,
  SmtpCapture,
  logger,
} from '@portal/server-kit';

export const MAIL_CAPTURE = Symbol('MAIL_CAPTURE');
export interface MailCaptureRef {
  current?: SmtpCapture;
}

/** Without SMTP_URL the gateway runs the SMTP capture every context sends to. */
export const startMailCapture = async (
  config: PortalConfig,
  databaseUrl: string,
): Promise<SmtpCapture | undefined> => {
  if (config.smtpUrl) return undefined;
  // The same bounded waits as the contexts' pools: the dev inbox's API answers 503 while the database is stuck, never hangs.
  const capture = new SmtpCapture(
    new Pool({ connectionString: databaseUrl, max: 2, ...boundedPoolOptions(databaseTimeouts(config)) }),
    true,
  );
  try {
    await capture.start(config.smtpCapturePort);
    return capture;
  } catch (err) {
    logger.warn(
      { err, port: config.smtpCapturePort },
      'SMTP capture could not start; another process may own the port',
    );
    await capture.stop();
    return undefined;
  }
};

/**
 * The dev inbox page: a plain list of captured mail with links made clickable. Every reset link of the
 * portal is in it, so it exists only for a caller on this machine (isLocalCaller): for anyone else,
 * including callers a proxy on this machine forwards, it is not there.
 */
export const registerDevInbox = (app: FastifyInstance): void => {
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.startsWith('/dev/') && !isLocalCaller(req.raw)) return void reply.callNotFound();
    done();
  });
  app.get('/dev/inbox', async (_req, reply) =>
    reply.type('text/html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev inbox</title>
<style>body{font-family:system-ui;margin:2rem;max-width:60rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style></head>
<body><h1>Dev inbox</h1><p>Mail captured by the embedded SMTP server.</p><main id="list">Loading…</main>
<script src="/dev/inbox.js"></script></body></html>`),
  );
  app.get('/dev/inbox.js', async (_req, reply) =>
    reply.type('application/javascript')
      .send(`fetch('/api/dev/mail').then(r=>r.json()).then(list=>{const m=document.getElementById('list');m.textContent='';
if(!list.length){m.textContent='No mail yet.';return}
for(const x of list){const a=document.createElement('article');const h=document.createElement('h2');h.textContent=x.subject;const p=document.createElement('p');p.textContent='To '+x.to.join(', ')+' at '+new Date(x.receivedAt).toLocaleString();
const pre=document.createElement('pre');pre.textContent=x.text;a.append(h,p,pre);for(const u of (x.text.match(/https?:\\/\\/\\S+/g)||[])){const l=document.createElement('a');l.href=u;l.textContent=u;a.append(l)}m.append(a)}});`),
  );
};
