import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

/** The two bodies RFC 8058 lets a mail client post ("List-Unsubscribe=One-Click"). */
export const ONE_CLICK_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'] as const;
/** A one-click body is a few dozen bytes. */
export const ONE_CLICK_LIMIT = 16 * 1024;

/**
 * The opt-out route ignores its body (the signed id in the URL is the whole proof), so its multipart
 * parser reads nothing; form bodies are read by the SMART token endpoint's parser (smart/form-body.ts).
 * Only routes that declare a type reach its parser (server-kit's body rules refuse it elsewhere); the
 * gateway's multipart parser, when present, is left in place.
 */
@Injectable()
export class OneClickBody implements OnModuleInit {
  constructor(private readonly host: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    if (!fastify.hasContentTypeParser('multipart/form-data'))
      fastify.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null, {}));
  }
}
