import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Inject,
  Optional,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, type ErrorBody, type ErrorCode, MESSAGES } from '@portal/contracts';
import { AppError } from './app-error';
import { databaseRefusal } from './database-errors';
import { isUnavailable, serviceUnavailable } from './unavailable';
import { logger } from '../logger';
import { CONFIG } from '../tokens';
import type { PortalConfig } from '../config';

const DEFAULT_RETRY_AFTER_SECONDS = 5;

const httpStatusCode = (status: number): ErrorCode => {
  if (status === 401) return 'AUTH.UNAUTHENTICATED';
  if (status === 403) return 'AUTH.FORBIDDEN';
  if (status === 404) return 'REQUEST.NOT_FOUND';
  if (status === 409) return 'RESOURCE.CONFLICT';
  if (status === 413) return 'FILE.TOO_LARGE';
  if (status === 415) return 'FILE.INVALID_TYPE';
  if (status === 429) return 'REQUEST.RATE_LIMITED';
  if (status >= 400 && status < 500) return 'REQUEST.VALIDATION_FAILED';
  return 'INTERNAL.ERROR';
};

/**
 * Every error, from every context, leaves as the one body shape of libs/contracts. A dependency that is
 * down (database unreachable or stuck) is a 503 with Retry-After, decided here once for every route.
 */
export const toErrorBody = (
  exception: unknown,
  retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS,
): { body: ErrorBody; headers?: Record<string, string> } => {
  if (exception instanceof AppError) return { body: exception.toBody(), headers: exception.headers };
  const refused = databaseRefusal(exception);
  if (refused) return { body: refused.toBody() };
  if (isUnavailable(exception)) return toErrorBody(serviceUnavailable(retryAfterSeconds));
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const res = exception.getResponse();
    const message =
      typeof res === 'string' ? res : String((res as { message?: unknown }).message ?? exception.message);
    return { body: { ...errorBody(httpStatusCode(status), message), statusCode: status } };
  }
  const fastifyError = exception as { statusCode?: number; message?: string; validation?: unknown };
  if (fastifyError?.statusCode && fastifyError.statusCode < 500) {
    return {
      body: {
        ...errorBody(httpStatusCode(fastifyError.statusCode), fastifyError.message ?? ''),
        statusCode: fastifyError.statusCode,
      },
    };
  }
  return { body: errorBody('INTERNAL.ERROR', MESSAGES.somethingWentWrong) };
};

@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(@Optional() @Inject(CONFIG) private readonly config?: PortalConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const { body, headers } = toErrorBody(exception, this.config?.retryAfterSeconds);
    // A dependency being down is expected operation, not a bug: one line without the stack.
    if (body.code === 'SERVICE.UNAVAILABLE')
      logger.warn(
        { err: String((exception as Error)?.message ?? exception), reqId: request.id },
        'dependency unavailable',
      );
    else if (body.statusCode >= 500) logger.error({ err: exception, reqId: request.id }, 'unhandled error');
    body.requestId = String(request.id);
    if (headers) void reply.headers(headers);
    // A route may have typed its answer (a PDF, an ISO) before it failed: the error is JSON all the
    // same, or Fastify refuses to send it and answers with its own code instead of ours.
    void reply.removeHeader('content-disposition');
    void reply.type('application/json; charset=utf-8').status(body.statusCode).send(body);
  }
}
