import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

export const FHIR_JSON = 'application/fhir+json';

/**
 * A FHIR system posts application/fhir+json (FHIR R4 §3.1.0.1.2): read as JSON by Fastify's own parser
 * (it refuses __proto__ and constructor keys). Only the import route declares the type, so server-kit's
 * body rules answer 415 for it anywhere else.
 */
@Injectable()
export class FhirJsonParser implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || fastify.hasContentTypeParser(FHIR_JSON)) return;
    fastify.addContentTypeParser(
      FHIR_JSON,
      { parseAs: 'string' },
      fastify.getDefaultJsonParser('error', 'error'),
    );
  }
}
