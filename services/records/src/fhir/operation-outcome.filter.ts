import { type ArgumentsHost, Catch, type ExceptionFilter, Inject, Optional } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import { AppError, CONFIG, logger, type PortalConfig, toErrorBody } from '@portal/server-kit';
import { FHIR_JSON_UTF8 } from './fhir-http';

/** FHIR's issue type (R4 ValueSet issue-type) for each HTTP status the API answers. */
const ISSUE_CODE: Record<number, OperationOutcomeIssue['code']> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  406: 'not-supported',
  409: 'conflict',
  413: 'too-costly',
  415: 'not-supported',
  429: 'throttled',
  503: 'transient',
};

/** A failure as FHIR says it: one error issue whose diagnostics are the shared vocabulary's message. */
export const operationOutcomeOf = (status: number, message: string): OperationOutcome => ({
  resourceType: 'OperationOutcome',
  issue: [
    {
      severity: status >= 500 ? 'fatal' : 'error',
      code: ISSUE_CODE[status] ?? (status >= 500 ? 'exception' : 'processing'),
      // An empty string is not FHIR: a message that says nothing is left out.
      ...(message.trim() ? { diagnostics: message } : {}),
    },
  ],
});

/**
 * The FHIR controllers answer failures as OperationOutcome (FHIR R4 §3.1.0.4), with the status the
 * shared vocabulary gives them (server-kit's toErrorBody decides it, as for every other route). A
 * 401 says how to authenticate and a 403 that the token's scopes fall short (RFC 6750 §3), so a SMART
 * app knows to ask again rather than give up.
 */
@Catch()
export class OperationOutcomeFilter implements ExceptionFilter {
  constructor(
    @Optional() @Inject(CONFIG) private readonly config?: Pick<PortalConfig, 'retryAfterSeconds'>,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const { body, headers } = toErrorBody(exception, this.config?.retryAfterSeconds);
    // A failure the API names itself (a failed export) is an answer, not a bug to log.
    if (body.statusCode >= 500 && body.code !== 'SERVICE.UNAVAILABLE' && !(exception instanceof AppError))
      logger.error({ err: exception, reqId: request.id }, 'unhandled FHIR error');
    if (headers) void reply.headers(headers);
    if (body.statusCode === 401) void reply.header('www-authenticate', 'Bearer');
    if (body.statusCode === 403) void reply.header('www-authenticate', 'Bearer error="insufficient_scope"');
    // A file route may have typed its answer before it failed: the error is FHIR JSON all the same.
    void reply.removeHeader('content-disposition');
    void reply
      .type(FHIR_JSON_UTF8)
      .status(body.statusCode)
      .send(operationOutcomeOf(body.statusCode, body.message));
  }
}
