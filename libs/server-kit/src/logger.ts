import pino from 'pino';
import { loadConfig } from './config';

const { logLevel, serviceName } = loadConfig();

/**
 * JSON logs. Tokens, passwords and patient data never reach a log line: headers and bodies that
 * may carry them are redacted at the source.
 */
export const logger = pino({
  level: logLevel,
  base: { service: serviceName ?? 'portal' },
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

/** Names this process in every later log line, unless SERVICE_NAME already did. */
export const nameProcess = (name: string): void => {
  if (!serviceName) logger.setBindings({ service: name });
};
