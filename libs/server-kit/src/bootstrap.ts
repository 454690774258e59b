import { randomUUID } from 'node:crypto';
import { Controller, Get, type DynamicModule, Module, type INestApplication, Res, type Type } from '@nestjs/common';
import { NestFactory, ModuleRef } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { sendHealth } from './health';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { logger, nameProcess } from './logger';
import type { PortalConfig } from './config';
import { PlatformModule } from './platform.module';
import { Public } from './auth/decorators';
import { CONFIG, contextToken } from './tokens';
import type { ContextKit } from './context.module';

const REQUEST_ID = 'x-request-id';

/** A Fastify-backed Nest app with request ids, JSON logs and the `/api` prefix. */
export const createHttpApp = async (root: Type | DynamicModule, opts: { name: string }): Promise<NestFastifyApplication> => {
  const adapter = new FastifyAdapter({
    logger: false,
    trustProxy: true,
    bodyLimit: 10 * 1024 * 1024,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers[REQUEST_ID];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, { logger: ['error', 'warn'], bufferLogs: false, abortOnError: false });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onSend', async (req, reply) => {
    void reply.header(REQUEST_ID, req.id);
  });
  fastify.addHook('onResponse', async (req, reply) => {
    // Path only: query strings may carry tokens or patient data.
    logger.info({ reqId: req.id, method: req.method, path: req.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
  app.setGlobalPrefix('api', { exclude: ['health'] });
  app.enableShutdownHooks();
  logger.info({ app: opts.name }, 'app created');
  return app;
};

export const openApiDocument = (app: INestApplication, title: string): OpenAPIObject =>
  SwaggerModule.createDocument(app, new DocumentBuilder().setTitle(title).setVersion('1.0').addBearerAuth().build());

export const mountOpenApi = (app: INestApplication, document: OpenAPIObject): void => {
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
};

/**
 * Runs one bounded context alone (its own `main.ts`): platform + context, `/health` for its
 * database, OpenAPI at /api/docs.
 */
export const runContext = async (context: DynamicModule & { contextName: string }, defaultPort: number): Promise<INestApplication> => {
  const name = context.contextName;
  nameProcess(name);

  @Controller()
  class ProcessHealthController {
    constructor(private readonly moduleRef: ModuleRef) {}
    @Public()
    @Get('health')
    async health(@Res() reply: FastifyReply) {
      return sendHealth(reply, await this.moduleRef.get<ContextKit>(contextToken(name), { strict: false }).health());
    }
  }

  @Module({ imports: [PlatformModule.forRoot({ processName: name }), context], controllers: [ProcessHealthController] })
  class StandaloneModule {}

  const app = await createHttpApp(StandaloneModule, { name });
  mountOpenApi(app, openApiDocument(app, `Portal ${name} context`));
  const config = app.get<PortalConfig>(CONFIG);
  const port = config.portGiven ?? defaultPort;
  await app.listen(port, config.host ?? '127.0.0.1');
  logger.info({ port, context: name }, 'context listening');
  return app;
};
