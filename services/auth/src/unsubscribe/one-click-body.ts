import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { AUTH_API } from '@portal/contracts';

const unsupported = () => Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 });

/**
 * RFC 8058 says mail clients SHOULD post the one-click body as multipart/form-data. The gateway parses
 * multipart already; the auth context running alone (proxy mode) does not and would answer 415. So,
 * when nothing else parses multipart, the opt-out route takes it (and ignores it: the signed id in the
 * URL is the proof) while every other route still refuses it.
 */
@Injectable()
export class OneClickBody implements OnModuleInit {
  constructor(private readonly host: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || fastify.hasContentTypeParser('multipart/form-data')) return;
    fastify.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 16 * 1024 }, (req, _body, done) =>
      req.url.startsWith(AUTH_API.optOutPage) ? done(null, {}) : done(unsupported(), undefined),
    );
  }
}
