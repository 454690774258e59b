import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { BILLING_API } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';

/** The webhook body exactly as sent: the processor signs these bytes, not a re-serialised object. */
export const rawBodyOf = (req: FastifyRequest): Buffer | undefined => (req as { rawBody?: Buffer }).rawBody;

/**
 * Keeps the raw bytes of the processor's webhook body before Fastify's JSON parser reads them (the
 * route's body limit still applies while they stream in); every other route is left alone.
 */
@Injectable()
export class WebhookRawBody implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    fastify.addHook('preParsing', async (req, _reply, payload) => {
      if (req.routeOptions.url !== BILLING_API.processorWebhook) return payload;
      const chunks: Buffer[] = [];
      for await (const chunk of payload) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks);
      (req as { rawBody?: Buffer }).rawBody = raw;
      return Readable.from([raw]);
    });
  }
}
