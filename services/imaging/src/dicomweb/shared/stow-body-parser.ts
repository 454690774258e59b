import { Readable } from 'node:stream';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { stowBodyTooLarge } from '../../imaging.errors';

/**
 * STOW-RS bodies are multipart/related DICOM, far above the JSON body limit: a 300-slice CT is some
 * 160 MB. Only the STOW-RS routes declare the type (server-kit's body rules refuse it elsewhere), and
 * up to this limit.
 */
export const STOW_BODY_LIMIT = 1024 * 1024 * 1024;

/**
 * The parser hands the body on unread: the route reads it (readStowBody) only once the caller is
 * authenticated, so an anonymous gigabyte is never buffered.
 */
@Injectable()
export class StowBodyParser implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || fastify.hasContentTypeParser('multipart/related')) return;
    fastify.addContentTypeParser('multipart/related', (_req, payload, done) => done(null, payload));
  }
}

/**
 * Reads a STOW-RS body the parser left unread, stopping with FILE.TOO_LARGE past `limit`. The body is
 * put in shared memory: its parts go to the DICOM index thread as they are, with no copy there and no
 * move back (indexFiles). On 2 cores the copies of a 160 MB study, and the garbage collections their
 * memory set off, cost more than the parsing.
 */
export const readStowBody = async (body: unknown, limit = STOW_BODY_LIMIT): Promise<Buffer> => {
  if (!(body instanceof Readable)) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw stowBodyTooLarge(limit);
    }
    chunks.push(chunk);
  }
  const shared = Buffer.from(new SharedArrayBuffer(size));
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(shared, at);
  return shared;
};
