import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorCode, errorBody, MESSAGES, statusOf } from '@portal/contracts';
import {
  Controller,
  Get,
  type DynamicModule,
  Module,
  type INestApplication,
  Res,
  type Type,
} from '@nestjs/common';
import { NestFactory, ModuleRef } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { sendHealth } from './health';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { logger, nameProcess } from './logger';
import { loadConfig, type PortalConfig } from './config';
import { CONTEXT_TRUSTED_PROXIES, trustedProxies } from './http/client-address';
import { PlatformModule } from './platform.module';
import { Public } from './auth/decorators';
import { CONFIG, contextToken } from './tokens';
import { recordRoutes } from './http/route-table';
import { enforceBodyRules } from './http/body-rules';
import { watchBodyPace } from './http/slow-bodies';
import { documentRoutes } from './http/openapi-routes';
import type { ContextKit } from './context.module';

export const REQUEST_ID = 'x-request-id';
/** A caller's request id is kept when it looks like one; anything else is replaced (log injection). */
export const REQUEST_ID_PATTERN = /^[\w-]{8,64}$/;

/**
 * How a refusal is answered, as Node itself would (431, 408, else 400) but in the one error body. The
 * 408 matters: Node's connection checks can time out a keep-alive connection a browser is about to
 * reuse, and a browser sends its request again after a 408 on a reused connection, where it would show
 * a 400 to the user (a page navigation answered "not valid HTTP").
 */
const CLIENT_ERRORS: Record<string, [ErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: ['REQUEST.HEADERS_TOO_LARGE', MESSAGES.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: ['REQUEST.TIMEOUT', MESSAGES.requestTimeout],
};

/**
 * Requests Node's HTTP parser refuses (a 600 KB query string, a broken request line) never reach a
 * route or the error filter; they still get the one error body instead of Node's own.
 */
const answerClientError = (
  err: Error & { code?: string },
  socket: Duplex & { _httpMessage?: { headersSent?: boolean } | null },
): void => {
  // Nothing can be said once the socket is closed, or once a response on it has begun (Node's own rule).
  if (!socket.writable || socket._httpMessage?.headersSent) return void socket.destroy();
  // Which refusal it was (a parser error code, a headers timeout): a browser that meets one shows this body.
  logger.warn({ code: err.code }, 'client error answered');
  const [code, message] = CLIENT_ERRORS[err.code ?? ''] ?? [
    'REQUEST.VALIDATION_FAILED',
    MESSAGES.malformedRequest,
  ];
  const status = statusOf(code);
  const body = JSON.stringify(errorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
};

/** The caller's request id when it looks like one, else a new one: one id through gateway and contexts. */
export const requestIdOf = (headers: IncomingHttpHeaders): string => {
  const given = headers[REQUEST_ID];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
};

/** The one request log line. Path only: query strings may carry tokens or patient data. Built only when written. */
export const logRequest = (
  reqId: string,
  method: string | undefined,
  url: string | undefined,
  status: number,
  ms: number,
): void => {
  if (!logger.isLevelEnabled('info')) return;
  logger.info({ reqId, method, path: url?.split('?')[0], status, ms: Math.round(ms) }, 'request');
};

/** Takes a request before Fastify and Nest see it (true: answered). The gateway's proxy front. */
export type FrontHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * A Fastify-backed Nest app with request ids, JSON logs and the `/api` prefix. `front.handle`, once set,
 * sees every request first (it may be set after the app is made, when the configuration is known).
 */
export const createHttpApp = async (
  root: Type | DynamicModule,
  opts: { name: string; front?: { handle?: FrontHandler }; trustedByDefault?: readonly string[] },
): Promise<NestFastifyApplication> => {
  const front = opts.front;
  const config = loadConfig();
  const adapter = new FastifyAdapter({
    logger: false,
    // req.ip is the socket's peer unless that peer is a trusted proxy (TRUSTED_PROXIES): a client's own
    // X-Forwarded-For never names who it is.
    trustProxy: trustedProxies(config, opts.trustedByDefault),
    bodyLimit: 10 * 1024 * 1024,
    // A whole request (a 2 GB upload included) within this; slow bodies are cut sooner by their pace.
    requestTimeout: config.requestTimeoutMs,
    // Signed tokens travel in paths (Download All: /api/imaging/archive/{token}); Fastify refuses a parameter over 100 characters by default.
    routerOptions: { maxParamLength: 4096 },
    clientErrorHandler: answerClientError,
    genReqId: (req: { headers: IncomingHttpHeaders }) => requestIdOf(req.headers),
    // Headers must be in within headersTimeout (checked every few seconds, not Node's 30); a body must
    // keep its pace; then the proxy front, when set, sees the request before Fastify.
    serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void) =>
      createServer(
        {
          headersTimeout: config.headersTimeoutMs,
          requestTimeout: config.requestTimeoutMs,
          connectionsCheckingInterval: 2_000,
        },
        (req, res) => {
          watchBodyPace(req, { windowMs: config.bodyPaceWindowMs, minBytes: config.bodyPaceMinBytes });
          if (!front?.handle?.(req, res)) handler(req, res);
        },
      ),
  });
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
    logger: ['error', 'warn'],
    bufferLogs: false,
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  recordRoutes(fastify);
  enforceBodyRules(fastify);

  // Synchronous hooks: they run on every call, and an async one costs a promise each (decision 0013).
  fastify.addHook('onSend', (req, reply, payload, done) => {
    void reply.header(REQUEST_ID, req.id);
    done(null, payload);
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    logRequest(req.id, req.method, req.url, reply.statusCode, reply.elapsedTime);
    done();
  });
  app.setGlobalPrefix('api', { exclude: ['health'] });
  app.enableShutdownHooks();
  logger.info({ app: opts.name }, 'app created');
  return app;
};

export const openApiDocument = (app: INestApplication, title: string): OpenAPIObject =>
  documentRoutes(
    app,
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder().setTitle(title).setVersion('1.0').addBearerAuth().build(),
    ),
  );

export const mountOpenApi = (app: INestApplication, document: OpenAPIObject): void => {
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
};

/**
 * Runs one bounded context alone (its own `main.ts`): platform + context, `/health` for its
 * database, OpenAPI at /api/docs.
 */
export const runContext = async (
  context: DynamicModule & { contextName: string },
  defaultPort: number,
): Promise<INestApplication> => {
  const name = context.contextName;
  nameProcess(name);

  @Controller()
  class ProcessHealthController {
    constructor(private readonly moduleRef: ModuleRef) {}
    @Public()
    @Get('health')
    async health(@Res() reply: FastifyReply) {
      return sendHealth(
        reply,
        await this.moduleRef.get<ContextKit>(contextToken(name), { strict: false }).health(),
        this.moduleRef.get<PortalConfig>(CONFIG, { strict: false }).supportApiKey,
      );
    }
  }

  @Module({
    imports: [PlatformModule.forRoot({ processName: name }), context],
    controllers: [ProcessHealthController],
  })
  class StandaloneModule {}

  const app = await createHttpApp(StandaloneModule, { name, trustedByDefault: CONTEXT_TRUSTED_PROXIES });
  mountOpenApi(app, openApiDocument(app, `Portal ${name} context`));
  const config = app.get<PortalConfig>(CONFIG);
  const port = config.portGiven ?? defaultPort;
  await app.listen(port, config.host ?? '127.0.0.1');
  logger.info({ port, context: name }, 'context listening');
  return app;
};
