import * as path from 'node:path';
import { smartFhirSources } from './smart-fhir-sources';

/** Workspace root: two levels above libs/server-kit (works from src and dist). */
export const WORKSPACE_ROOT = path.resolve(__dirname, '..', '..', '..');

export const CONTEXT_NAMES = [
  'auth',
  'requests',
  'records',
  'sharing',
  'imaging',
  'provider',
  'groups',
  'billing',
] as const;
export type ContextName = (typeof CONTEXT_NAMES)[number];

/** Default ports of the contexts when each runs alone (services/<name>/package.json config.port). */
export const CONTEXT_PORTS: Record<ContextName, number> = {
  auth: 4001,
  requests: 4002,
  records: 4003,
  sharing: 4004,
  imaging: 4005,
  provider: 4006,
  groups: 4007,
  billing: 4008,
};

type Env = Record<string, string | undefined>;

const text = (env: Env, name: string): string | undefined => env[name] || undefined;

const int = (env: Env, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
};

/** 'true' or 'false'; anything else fails at start rather than meaning one of them by accident. */
const bool = (env: Env, name: string): boolean | undefined => {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw !== 'true' && raw !== 'false') throw new Error(`${name} must be true or false, got "${raw}"`);
  return raw === 'true';
};

const oneOf = <T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T => {
  const raw = env[name] || fallback;
  if (!(values as readonly string[]).includes(raw))
    throw new Error(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  return raw as T;
};

/**
 * VIDEO_ICE_SERVERS: a JSON array of RTCIceServer ({urls, username?, credential?}), e.g. a coturn TURN
 * server for production; none by default (browsers on one network reach each other by host candidates).
 */
const iceServers = (env: Env): IceServer[] => {
  const raw = env.VIDEO_ICE_SERVERS;
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('VIDEO_ICE_SERVERS must be a JSON array of {urls, username?, credential?}');
  }
  const ok = (u: unknown) => typeof u === 'string' && /^(stun|stuns|turn|turns):/.test(u);
  if (
    !Array.isArray(parsed) ||
    !parsed.every(
      (s: IceServer) =>
        s &&
        (ok(s.urls) || (Array.isArray(s.urls) && s.urls.length > 0 && s.urls.every(ok))) &&
        (s.username === undefined || typeof s.username === 'string') &&
        (s.credential === undefined || typeof s.credential === 'string'),
    )
  )
    throw new Error(
      'VIDEO_ICE_SERVERS must be a JSON array of {urls: "stun:|turn:...", username?, credential?}',
    );
  return parsed as IceServer[];
};

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

const list = (env: Env, name: string): string[] =>
  (env[name] || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The typed configuration, read once from the environment: the only place of the server side that
 * reads process.env. A wrong value fails at start, not at first use.
 */
export const loadConfig = (env: Env = process.env) => {
  const port = int(env, 'PORT', 8080);
  return {
    port,
    /** PORT as given, for a context alone whose own default port is otherwise used. */
    portGiven: env.PORT ? port : undefined,
    /** Where a process listens: the gateway on every interface, a context alone on loopback. */
    host: text(env, 'HOST'),
    /** Names the process in logs and on the event bus. */
    serviceName: text(env, 'SERVICE_NAME'),
    databaseUrl: text(env, 'DATABASE_URL'),
    embeddedPgPort: int(env, 'EMBEDDED_PG_PORT', 54329),
    dataDir: text(env, 'PORTAL_DATA_DIR') ?? path.join(WORKSPACE_ROOT, '.data'),
    dbPoolSize: int(env, 'DB_POOL_SIZE', 5),
    /**
     * Bounds on waiting for PostgreSQL, so a stuck or unreachable server turns into a 503 instead of a
     * hang: getting a connection (from the pool or a new one), one statement on the server, and the
     * client's own wait for an answer (a frozen server never cancels its statements itself).
     */
    dbConnectTimeoutMs: int(env, 'DB_CONNECT_TIMEOUT_MS', 3000),
    dbStatementTimeoutMs: int(env, 'DB_STATEMENT_TIMEOUT_MS', 4000),
    dbQueryTimeoutMs: int(env, 'DB_QUERY_TIMEOUT_MS', 4500),
    /** Idle pooled connections are closed after this, so a pool sheds connections to a server that went away. */
    dbIdleTimeoutMs: int(env, 'DB_IDLE_TIMEOUT_MS', 10_000),
    /** Seconds a client is told to wait (Retry-After) when a dependency is down. */
    retryAfterSeconds: int(env, 'RETRY_AFTER_SECONDS', 5),
    natsUrl: text(env, 'NATS_URL'),
    natsStream: text(env, 'NATS_STREAM') ?? 'PORTAL',
    smtpUrl: text(env, 'SMTP_URL'),
    smtpCapturePort: int(env, 'SMTP_CAPTURE_PORT', 2525),
    mailFrom: text(env, 'MAIL_FROM') ?? 'Patient Portal <no-reply@portal.local>',
    publicUrl: text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`,
    /** Extra web-site origins every demo facility lets embed the wizard (comma list). */
    embedOrigins: (text(env, 'EMBED_ORIGINS') ?? '')
      .split(',')
      .map((o) => o.trim().toLowerCase().replace(/\/+$/, ''))
      .filter(Boolean),
    authJwksUrl: text(env, 'AUTH_JWKS_URL'),
    blobDriver: oneOf(env, 'BLOB_DRIVER', ['disk', 's3'] as const, 'disk'),
    /** Signs the disk driver's upload policies; without it one is made and shared by every process under dataDir. */
    blobSecret: text(env, 'BLOB_SECRET'),
    /** Signs viewer tokens (imaging and sharing); without it one is made and shared by every process under dataDir. */
    viewerTokenSecret: text(env, 'VIEWER_TOKEN_SECRET'),
    /** Milliseconds between images while the viewer plays (records spec §7, image interval). */
    imageIntervalMs: int(env, 'IMAGE_INTERVAL_MS', 66),
    s3Bucket: text(env, 'S3_BUCKET') ?? 'portal',
    s3Endpoint: text(env, 'S3_ENDPOINT'),
    logLevel: text(env, 'LOG_LEVEL') ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    /** No welcome banner and quieter logs under the test runner. */
    testing: env.NODE_ENV === 'test',
    /** NODE_ENV=production: a start with any demo default is refused (refuseDemoDefaults). */
    production: env.NODE_ENV === 'production',
    corsOrigins: list(env, 'CORS_ORIGINS'),
    /** A request's headers must arrive within this; the whole request within the next. */
    headersTimeoutMs: int(env, 'HEADERS_TIMEOUT_MS', 15_000),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 30 * 60_000),
    /** A body slower than BODY_PACE_MIN_BYTES per BODY_PACE_WINDOW_MS has its connection closed. */
    bodyPaceWindowMs: int(env, 'BODY_PACE_WINDOW_MS', 10_000),
    bodyPaceMinBytes: int(env, 'BODY_PACE_MIN_BYTES', 10 * 1024),
    /** Proxies whose X-Forwarded-For is believed (comma list); unset: each process's own default (http/client-address.ts). */
    trustedProxies: env.TRUSTED_PROXIES === undefined ? undefined : list(env, 'TRUSTED_PROXIES'),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 100_000),
    /** Per address on sign-in and account calls. */
    sensitiveRateLimitPerMinute: int(env, 'RATE_LIMIT_SENSITIVE_PER_MINUTE', 120),
    /** Per account (email or phone) on sign-in and lookup calls. */
    accountRateLimitPerMinute: int(env, 'RATE_LIMIT_ACCOUNT_PER_MINUTE', 30),
    /** Where every process of a deployment counts its rate limits together; without it each process counts alone. */
    redisUrl: text(env, 'REDIS_URL'),
    /** Keeps the counters of deployments (and test runs) that share one Redis apart. */
    redisKeyPrefix: text(env, 'REDIS_KEY_PREFIX') ?? 'portal:',
    /** Bytes of DICOM one account may keep (uploads, deliveries, STOW-RS), counted on what is really stored. */
    storageQuotaBytes: int(env, 'STORAGE_QUOTA_BYTES', 10 * 1024 ** 3),
    /** STUN/TURN servers the video meetings' browsers use (VIDEO_ICE_SERVERS, JSON). */
    videoIceServers: iceServers(env),
    /** Facility systems the Smart FHIR page queries (SMART_FHIR_SOURCES, JSON or @file); none by default. */
    smartFhirSources: smartFhirSources(env.SMART_FHIR_SOURCES),
    seedDemo: bool(env, 'SEED_DEMO') ?? true,
    /** Slices of the generated 512 x 512 CT the demo patient gets (the viewer and Download All benchmarks use it); 0: none. */
    demoCtSlices: int(env, 'DEMO_CT_SLICES', 300),
    /** The records library's Imaging tab (RecordsInit.enable_dicom_viewer). */
    enableDicomViewer: bool(env, 'ENABLE_DICOM_VIEWER') ?? true,
    /** How many generated facilities the demo seed adds (the landing page's search runs over them; tests use few). */
    facilityCatalogueSize: int(env, 'FACILITY_CATALOGUE_SIZE', 20_000),
    /**
     * The payment processor (issue 30): Stripe's secret key and webhook signing secret; STRIPE_API_URL
     * points the official SDK elsewhere than api.stripe.com (the local processor of `npm start` and the
     * tests). Without a key the billing routes answer 503 and nothing is charged.
     */
    stripeSecretKey: text(env, 'STRIPE_SECRET_KEY'),
    stripeWebhookSecret: text(env, 'STRIPE_WEBHOOK_SECRET'),
    stripeApiUrl: text(env, 'STRIPE_API_URL'),
    /** Test mode only: each new customer gets its own Stripe test clock, so the demo and tests can move its time. */
    billingTestClocks: bool(env, 'BILLING_TEST_CLOCKS') ?? false,
    /** Login-as for support staff exists only when this key is set (decision 0010). */
    supportApiKey: text(env, 'SUPPORT_API_KEY'),
    /** FEATURE_ENABLE_V2=true|false forces the route table of this process over the stored setting. */
    featureOverrides: { enable_v2: bool(env, 'FEATURE_ENABLE_V2') },
    gatewayMode: oneOf(env, 'GATEWAY_MODE', ['embedded', 'proxy'] as const, 'embedded'),
    /** Proxy mode: AUTH_URL, REQUESTS_URL, ... name where each context runs. */
    contextUrls: Object.fromEntries(
      CONTEXT_NAMES.map((n) => [
        n,
        text(env, `${n.toUpperCase()}_URL`) ?? `http://127.0.0.1:${CONTEXT_PORTS[n]}`,
      ]),
    ) as Record<ContextName, string>,
    /** A remotes.json file, and REMOTE_<NAME>_URL per remote, move remotes without rebuilding the shell. */
    remotesJson: text(env, 'REMOTES_JSON'),
    remoteUrls: Object.fromEntries(
      Object.entries(env)
        .filter(([k, v]) => /^REMOTE_MFE_[A-Z_]+_URL$/.test(k) && v)
        .map(([k, v]) => [
          k.slice('REMOTE_'.length, -'_URL'.length).toLowerCase().replace(/_/g, '-'),
          v as string,
        ]),
    ),
  };
};

export type PortalConfig = ReturnType<typeof loadConfig>;

/**
 * What a portal nobody else can reach may do and a production one must not: capture mail (anyone who
 * reaches the dev inbox reads every reset link), seed demo accounts with a published password, make
 * its own secrets on a local disk, keep its data in an embedded database. Each with what to set instead.
 */
export const demoDefaultsOf = (c: PortalConfig): string[] => [
  ...(!c.smtpUrl
    ? ['SMTP_URL is not set: mail would only be captured locally, and the dev inbox shows every reset link']
    : []),
  ...(c.seedDemo
    ? ['SEED_DEMO is not false: the demo accounts and their published password would be created']
    : []),
  ...(!c.viewerTokenSecret ? ['VIEWER_TOKEN_SECRET is not set: a secret would be made on this disk'] : []),
  ...(c.blobDriver === 'disk' && !c.blobSecret
    ? ['BLOB_SECRET is not set: a secret would be made on this disk']
    : []),
  ...(!c.databaseUrl ? ['DATABASE_URL is not set: the embedded database is for demos'] : []),
  ...(c.stripeApiUrl
    ? ['STRIPE_API_URL is set: payments would go to a processor other than Stripe (the local test one)']
    : []),
  ...(c.billingTestClocks
    ? ['BILLING_TEST_CLOCKS is true: customers would be put on Stripe test clocks']
    : []),
];

/** A production start (NODE_ENV=production) with demo defaults stops here, saying what to set. */
export const refuseDemoDefaults = (c: PortalConfig): void => {
  const found = c.production ? demoDefaultsOf(c) : [];
  if (found.length) throw new Error(`NODE_ENV=production refuses demo defaults:\n- ${found.join('\n- ')}`);
};

/** The database waits of a configuration, as the context pools take them. */
export const databaseTimeouts = (
  c: Pick<
    PortalConfig,
    'dbConnectTimeoutMs' | 'dbStatementTimeoutMs' | 'dbQueryTimeoutMs' | 'dbIdleTimeoutMs'
  >,
) => ({
  connectTimeoutMs: c.dbConnectTimeoutMs,
  statementTimeoutMs: c.dbStatementTimeoutMs,
  queryTimeoutMs: c.dbQueryTimeoutMs,
  idleTimeoutMs: c.dbIdleTimeoutMs,
});
