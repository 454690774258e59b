import pino from 'pino';

/**
 * JSON logs. Tokens, passwords and patient data never reach a log line: headers and bodies that
 * may carry them are redacted at the source.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
  base: { service: process.env.SERVICE_NAME || 'portal' },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-csrf-token"]',
      'res.headers["set-cookie"]',
      '*.password',
      '*.token',
      '*.refresh_token',
      '*.email',
      '*.firstName',
      '*.lastName',
      '*.dateOfBirth',
    ],
    censor: '[redacted]',
  },
});
