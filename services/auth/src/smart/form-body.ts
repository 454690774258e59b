import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '@portal/server-kit';

export const FORM_BODY_TYPE = 'application/x-www-form-urlencoded';

/**
 * Form bodies as plain objects of strings: OAuth's token endpoint takes them (RFC 6749 §4.1.3). A
 * parameter sent twice is refused (§3.2: "MUST NOT be included more than once"), and a name like
 * `__proto__` is only ever a key of a null-prototype object. Only routes that declare the type reach it
 * (server-kit's body rules: the token endpoint, and the one-click opt-out, which ignores its body).
 */
export const parseForm = (text: string): Record<string, string> => {
  const form: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    if (name in form) throw badRequest(`${name} is sent more than once`);
    form[name] = value;
  }
  return { ...form };
};

@Injectable()
export class FormBody implements OnModuleInit {
  constructor(private readonly host: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || fastify.hasContentTypeParser(FORM_BODY_TYPE)) return;
    fastify.addContentTypeParser(FORM_BODY_TYPE, { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, parseForm(body as string));
      } catch (e) {
        done(e as Error, undefined);
      }
    });
  }
}
