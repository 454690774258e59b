import 'reflect-metadata';
import multipart from '@fastify/multipart';
import {
  CONFIG,
  createHttpApp,
  type FrontHandler,
  nameProcess,
  DATABASE_URL,
  DEMO_PASSWORD,
  DEMO_USERS,
  logger,
  mountOpenApi,
  openApiDocument,
  type PortalConfig,
} from '@portal/server-kit';
import { GatewayModule, mailCapture } from './gateway.module';
import { registerEdge } from './edge';
import { createEdge } from './edge-checks';
import { proxyFront } from './proxy-front';
import { registerStaticFiles } from './static-files';
import { registerDevInbox, startMailCapture } from './dev-mail';
import { mergedOpenApi } from './proxy';

/** The one public origin: shell, remotes, /remotes.json and /api/*, in embedded or proxy mode. */
export const startGateway = async () => {
  nameProcess('gateway');
  const front: { handle?: FrontHandler } = {};
  const app = await createHttpApp(GatewayModule.forMode(), { name: 'gateway', front });
  const fastify = app.getHttpAdapter().getInstance();
  const config = app.get<PortalConfig>(CONFIG);
  const edge = createEdge(config);
  await registerEdge(fastify, edge);
  await fastify.register(multipart);
  mailCapture.current = await startMailCapture(config, await app.get<Promise<string> | string>(DATABASE_URL));
  fastify.addHook('onClose', async () => mailCapture.current?.stop());
  registerDevInbox(fastify);
  const doc = openApiDocument(app, 'Patient Portal API');
  if (config.gatewayMode === 'proxy') {
    const proxies = proxyFront(config, edge);
    front.handle = proxies.handle;
    fastify.addHook('onClose', proxies.close);
    mountOpenApi(app, await mergedOpenApi(doc, config));
  } else {
    mountOpenApi(app, doc);
  }
  await registerStaticFiles(fastify, config);
  await app.listen(config.port, listenHost(config));
  logger.info({ port: config.port, mode: config.gatewayMode }, 'gateway listening');
  if (!config.testing) printWelcome(config);
  return app;
};

/**
 * HOST when given. Otherwise a portal that captures mail (no SMTP_URL: the demo) listens on loopback
 * only, so nobody else can reach it; with real mail, on every interface.
 */
export const listenHost = (config: Pick<PortalConfig, 'host' | 'smtpUrl'>): string =>
  config.host ?? (config.smtpUrl ? '0.0.0.0' : '127.0.0.1');

const printWelcome = (config: PortalConfig) => {
  const lines = [
    '',
    `Patient portal on ${config.publicUrl} (${config.gatewayMode} mode)`,
    `Dev inbox: ${config.publicUrl}/dev/inbox (this machine only)   API docs: ${config.publicUrl}/api/docs`,
    ...(listenHost(config) === '127.0.0.1'
      ? ['Listening on loopback only (demo mode); HOST=0.0.0.0 opens it to the network.']
      : []),
    `Demo logins (password ${DEMO_PASSWORD}):`,
    ...DEMO_USERS.map((u) => `  ${u.email.padEnd(26)} ${u.roles.join(' + ')}`),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
};

if (require.main === module) {
  startGateway().catch((err) => {
    logger.fatal({ err }, 'gateway failed to start');
    process.exit(1);
  });
}
