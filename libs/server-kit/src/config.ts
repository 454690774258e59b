import { randomBytes } from 'node:crypto';
import * as path from 'node:path';

/** Workspace root: two levels above libs/server-kit (works from src and dist). */
export const WORKSPACE_ROOT = path.resolve(__dirname, '..', '..', '..');

const int = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
};

/**
 * Typed configuration read once from the environment; a wrong value fails at start, not at first use.
 */
export const loadConfig = () => ({
  port: int('PORT', 8080),
  databaseUrl: process.env.DATABASE_URL || undefined,
  embeddedPgPort: int('EMBEDDED_PG_PORT', 54329),
  dataDir: process.env.PORTAL_DATA_DIR || path.join(WORKSPACE_ROOT, '.data'),
  dbPoolSize: int('DB_POOL_SIZE', 5),
  natsUrl: process.env.NATS_URL || undefined,
  smtpUrl: process.env.SMTP_URL || undefined,
  smtpCapturePort: int('SMTP_CAPTURE_PORT', 2525),
  mailFrom: process.env.MAIL_FROM || 'Patient Portal <no-reply@portal.local>',
  publicUrl: process.env.PUBLIC_URL || `http://localhost:${int('PORT', 8080)}`,
  authJwksUrl: process.env.AUTH_JWKS_URL || undefined,
  blobDriver: (process.env.BLOB_DRIVER || 'disk') as 'disk' | 's3',
  blobSecret: process.env.BLOB_SECRET || randomBytes(32).toString('hex'),
  logLevel: process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
  corsOrigins: (process.env.CORS_ORIGINS || '').split(',').map((s) => s.trim()).filter(Boolean),
  rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 100_000),
});

export type PortalConfig = ReturnType<typeof loadConfig>;
