import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

/**
 * STOW-RS bodies are multipart/related DICOM, far above the JSON body limit: a 300-slice CT is some
 * 160 MB. The raw bytes are handed to the use case (it finds the parts), up to this limit.
 */
export const STOW_BODY_LIMIT = 1024 * 1024 * 1024;

@Injectable()
export class StowBodyParser implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || fastify.hasContentTypeParser('multipart/related')) return;
    fastify.addContentTypeParser('multipart/related', { parseAs: 'buffer', bodyLimit: STOW_BODY_LIMIT }, (_req, body, done) => done(null, body));
  }
}
