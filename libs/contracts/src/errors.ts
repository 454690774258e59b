/**
 * One error vocabulary for client and server. A code names what went wrong in the spec's words;
 * its HTTP status is decided here and nowhere else.
 */
export const ERROR_STATUS = {
  'AUTH.INVALID_CREDENTIALS': 401,
  'AUTH.UNAUTHENTICATED': 401,
  'AUTH.TOKEN_EXPIRED': 401,
  'AUTH.REFRESH_REUSED': 401,
  'AUTH.FORBIDDEN': 403,
  'AUTH.EMAIL_TAKEN': 409,
  'AUTH.TOO_MANY_ATTEMPTS': 429,
  'AUTH.LINK_EXPIRED': 410,
  'REQUEST.VALIDATION_FAILED': 400,
  'REQUEST.CSRF_MISSING': 403,
  'REQUEST.RATE_LIMITED': 429,
  'REQUEST.NOT_FOUND': 404,
  'REQUEST.HEADERS_TOO_LARGE': 431,
  /** A request whose headers did not arrive within the server's time (HEADERS_TIMEOUT_MS). */
  'REQUEST.TIMEOUT': 408,
  /** DICOMweb: the representation asked for (a transfer syntax) cannot be produced. */
  'REQUEST.NOT_ACCEPTABLE': 406,
  /** FHIR: the interaction exists in FHIR but this server does not offer it (the API is read-only). */
  'REQUEST.METHOD_NOT_ALLOWED': 405,
  'RESOURCE.NOT_FOUND': 404,
  'RESOURCE.CONFLICT': 409,
  'FILE.INVALID_TYPE': 415,
  'FILE.TOO_LARGE': 413,
  'UPSTREAM.UNAVAILABLE': 503,
  /** Issue 30: new uploads pause while a storage plan has lapsed (never reading what is stored). */
  'SUBSCRIPTION.REQUIRED': 402,
  /** A dependency of the service (its database) is unreachable or stuck: try again shortly (Retry-After). */
  'SERVICE.UNAVAILABLE': 503,
  'INTERNAL.ERROR': 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The body of every error answer, from every context and the gateway. */
export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  /** Field-level messages from validation, keyed by field path. */
  errors?: Record<string, string>;
  requestId?: string;
}

export const statusOf = (code: ErrorCode): number => ERROR_STATUS[code];

export const errorBody = (code: ErrorCode, message: string, errors?: Record<string, string>): ErrorBody => ({
  statusCode: statusOf(code),
  code,
  message,
  ...(errors ? { errors } : {}),
});

export const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' &&
  value !== null &&
  'code' in value &&
  'message' in value &&
  'statusCode' in value;
