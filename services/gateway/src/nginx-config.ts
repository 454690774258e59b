import { CSRF_HEADER, DICOMWEB_ROOT, errorBody, MESSAGES } from '@portal/contracts';
import {
  CONTEXT_NAMES,
  type ContextName,
  loadConfig,
  type PortalConfig,
  REQUEST_ID_PATTERN,
} from '@portal/server-kit';
import { API_PATTERN_ROUTES, API_ROUTES, contextOfPath } from './api-routes';
import {
  ALLOWED_HEADERS,
  ALLOWED_METHODS,
  CSRF_COOKIE,
  NO_CSRF_HEADER_PATH,
  NO_CSRF_HEADER_PREFIX,
  OPEN_API_EXPOSED_HEADERS,
  OPEN_API_PATHS,
  OPEN_API_PREFIXES,
  SENSITIVE,
  STATE_CHANGING,
} from './edge-rules';
import { securityHeaders } from './security-headers';

export interface NginxOptions {
  /** `listen` argument: a port or address:port. */
  listen: string | number;
  /** Where each context runs (http://host:port), as the gateway's <CONTEXT>_URL. */
  upstreams: Record<ContextName, string>;
  /** Origins allowed by CORS besides none: the public origin and facility sites. */
  corsOrigins: string[];
  securityHeaders: Record<string, string>;
  rateLimitPerMinute: number;
  sensitiveRateLimitPerMinute: number;
  /** The gateway's body limit (10 MB). */
  clientMaxBodySize?: string;
  workerProcesses?: number | 'auto';
  /** Idle keep-alive connections each worker keeps to each context. */
  upstreamKeepalive?: number;
  /** `off`, or a file for JSON access logs (path without query string, request id, status, time). */
  accessLog?: string;
  errorLog?: string;
  /** Relative paths resolve against nginx's prefix (-p). */
  pidFile?: string;
  /** Run in the foreground (under a supervisor or a benchmark). */
  foreground?: boolean;
  /** Request bodies and proxy buffers go here instead of the distribution's compiled-in folders. */
  tempDir?: string;
}

const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const json = (code: Parameters<typeof errorBody>[0], message: string, extra: Record<string, unknown> = {}) =>
  q(JSON.stringify({ ...errorBody(code, message), ...extra }));
const hostPort = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}:${u.port || (u.protocol === 'https:' ? 443 : 80)}`;
};
/** nginx reads `{` and `;` in a regex as syntax unless the regex is quoted. */
/** PCRE inline pattern without the JS anchors' slashes: nginx maps test against the whole value. */
const requestIdRegex = REQUEST_ID_PATTERN.source;

/**
 * An nginx configuration that does the gateway's job in front of the contexts: one upstream per
 * context with keep-alive, one location per API prefix of API_ROUTES (nginx's longest-prefix match is
 * contextOfPath's: `= /prefix` and `/prefix/`, never `/prefixSomething`), and the edge's rules:
 * helmet's security headers, the CSRF double submit, the CORS allowlist, per-address rate limits with
 * a stricter one on sign-in and account calls, request ids, the body limit.
 */
/** The open API's paths as one nginx regex (the same paths as isOpenApi). */
const openApiPattern = [
  ...OPEN_API_PATHS.map((p) => `^${p.replace(/\//g, '\\/')}$`),
  ...OPEN_API_PREFIXES.map((p) => `^${p.replace(/\//g, '\\/')}`),
].join('|');

export const nginxConfig = (o: NginxOptions): string => {
  const contexts = CONTEXT_NAMES.filter((c) => API_ROUTES.some(([, ctx]) => ctx === c));
  const upstreams = contexts.map(
    (c) => `  upstream portal_${c} {
    server ${hostPort(o.upstreams[c])};
    keepalive ${o.upstreamKeepalive ?? 64};
    keepalive_requests 100000;
    keepalive_timeout 60s;
  }`,
  );
  // A preflight from an allowlisted origin is answered here (headers from the maps above), as the gateway's edge does.
  const preflight = '      if ($portal_preflight) { return 204; }';
  const csrfCheck = `      if ($portal_csrf_refused) { return 403 ${json('REQUEST.CSRF_MISSING', MESSAGES.csrfMissing)}; }`;
  // STOW-RS bodies are whole studies (a 300-slice CT is some 160 MB): the imaging context takes up to 1 GB there, streamed through.
  const largeBodies = (match: string) =>
    match === `${DICOMWEB_ROOT}/`
      ? ['      client_max_body_size 1g;', '      proxy_request_buffering off;']
      : [];
  // The open API (SMART apps' calls) takes no CSRF header: its own locations, exact or by prefix.
  const isCsrfFree = (match: string) =>
    match === `${DICOMWEB_ROOT}/` || (OPEN_API_PREFIXES as readonly string[]).includes(match);
  const location = (match: string, context: ContextName, csrf: boolean) =>
    [
      `    location ${match} {`,
      preflight,
      ...(csrf ? [csrfCheck] : []),
      ...largeBodies(match),
      `      proxy_pass http://portal_${context};`,
      '    }',
    ].join('\n');
  const byLength = [...API_ROUTES].sort((a, b) => b[0].length - a[0].length);
  const optOutContext = byLength.find(
    ([p]) => NO_CSRF_HEADER_PATH === p || NO_CSRF_HEADER_PATH.startsWith(p + '/'),
  )?.[1];
  const locations = [
    ...API_ROUTES.flatMap(([prefix, context]) => [
      location(`= ${prefix}`, context, true),
      location(`${prefix}/`, context, !isCsrfFree(`${prefix}/`) && `${prefix}/` !== NO_CSRF_HEADER_PREFIX),
    ]),
    ...OPEN_API_PATHS.flatMap((path) => {
      const context = contextOfPath(path);
      return context ? [location(`= ${path}`, context, false)] : [];
    }),
    // Regex locations win over the plain /api/ prefix, as contextOfPath tries patterns after prefixes.
    ...API_PATTERN_ROUTES.map(([pattern, context]) => location(`~ ${pattern}`, context, true)),
  ];
  if (optOutContext) locations.push(location(`= ${NO_CSRF_HEADER_PATH}`, optOutContext, false));
  const states = STATE_CHANGING.join('|');
  const temp = o.tempDir
    ? ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
        .map((k) => `  ${k}_temp_path ${o.tempDir}/${k};`)
        .join('\n') + '\n'
    : '';
  const headers = Object.entries(o.securityHeaders).map(([k, v]) => `    add_header ${k} ${q(v)} always;`);
  return `# Written by services/gateway/src/nginx-config.ts from the gateway's route table (API_ROUTES) and
# edge rules. Regenerate it instead of editing: npm run nginx-config -w @portal/gateway
worker_processes ${o.workerProcesses ?? 'auto'};
${o.foreground ? 'daemon off;\n' : ''}pid ${o.pidFile ?? 'nginx.pid'};
error_log ${o.errorLog ?? 'stderr'} warn;

events {
  worker_connections 4096;
}

http {
  server_tokens off;
  access_log off;
  log_format portal_json escape=json '{"time":"$time_iso8601","reqId":"$portal_request_id","method":"$request_method","path":"$uri","status":$status,"ms":$request_time,"upstream":"$upstream_addr"}';
  client_max_body_size ${o.clientMaxBodySize ?? '10m'};
  keepalive_requests 100000;
  # Shell bundles are compressed where they are served; API answers of 1 KB and more here, as the gateway does.
  gzip on;
  gzip_min_length 1024;
  gzip_types application/json text/plain text/css application/javascript;
${temp}
${upstreams.join('\n\n')}

  # A caller's request id is kept when it looks like one, as the gateway keeps it; otherwise nginx's own.
  map $http_x_request_id $portal_request_id {
    default $request_id;
    ${q(`~${requestIdRegex}`)} $http_x_request_id;
  }

  # CSRF double submit: the cookie set here, echoed by the page in ${CSRF_HEADER}.
  map $http_cookie $portal_csrf_cookie {
    default '';
    '~(?:^|;\\s*)${CSRF_COOKIE}=(?<token>[^;|]*)' $token;
  }
  map $portal_csrf_cookie $portal_set_csrf_cookie {
    '' '${CSRF_COOKIE}=$request_id; Path=/; SameSite=Strict';
    default '';
  }
  # Refused: a state-changing call without the header, or with one that differs from the cookie sent.
  map '$request_method|$portal_csrf_cookie|$http_x_csrf_token' $portal_csrf_refused {
    default 0;
    '~^(${states})\\|[^|]*\\|$' 1;
    '~^(${states})\\|\\|' 0;
    '~^(${states})\\|([^|]*)\\|\\2$' 0;
    '~^(${states})\\|' 1;
  }

  # CORS allowlist: the public origin and facility sites; the open API (SMART apps) to any site as *,
  # without credentials; no header at all for anyone else.
  map $uri $portal_open_api {
    default 0;
    ${q(`~${openApiPattern}`)} 1;
  }
  map '$portal_open_api|$http_origin' $portal_cors_origin {
    default '';
${o.corsOrigins.flatMap((origin) => [`    ${q(`0|${origin}`)} $http_origin;`, `    ${q(`1|${origin}`)} $http_origin;`]).join('\n')}
    '~^1\\|https?://' '*';
  }
  map $portal_cors_origin $portal_cors_credentials {
    '' '';
    '*' '';
    default 'true';
  }
  map $portal_open_api $portal_expose_headers {
    1 '${OPEN_API_EXPOSED_HEADERS.join(',')}';
    default '';
  }
  map '$request_method|$portal_cors_origin' $portal_preflight {
    default 0;
    '~^OPTIONS\\|.' 1;
  }
  map $portal_preflight $portal_allow_methods {
    1 '${ALLOWED_METHODS.join(',')}';
    default '';
  }
  map $portal_preflight $portal_allow_headers {
    1 '${ALLOWED_HEADERS.join(',')}';
    default '';
  }

  # Per address (the socket's: nginx is the edge): a general limit, and a stricter one per sign-in or
  # account route (one window for every e-mail of checkUserEmail/<email>, not one each).
  map $uri $portal_sensitive_key {
    default '';
    ${q(`~(?<portal_sensitive_route>${SENSITIVE.source})`)} $binary_remote_addr$portal_sensitive_route;
  }
  map $status $portal_retry_after {
    429 60;
    default '';
  }
  limit_req_zone $binary_remote_addr zone=portal_general:10m rate=${o.rateLimitPerMinute}r/m;
  limit_req_zone $portal_sensitive_key zone=portal_sensitive:10m rate=${o.sensitiveRateLimitPerMinute}r/m;
  limit_req_status 429;

  server {
    listen ${o.listen};
    default_type application/json;
    limit_req zone=portal_general burst=${o.rateLimitPerMinute} nodelay;
    limit_req zone=portal_sensitive burst=${o.sensitiveRateLimitPerMinute} nodelay;
    error_page 429 = @portal_rate_limited;
    access_log ${o.accessLog && o.accessLog !== 'off' ? `${o.accessLog} portal_json` : 'off'};

${headers.join('\n')}
    add_header Set-Cookie $portal_set_csrf_cookie always;
    add_header X-Request-Id $portal_request_id always;
    add_header Access-Control-Allow-Origin $portal_cors_origin always;
    add_header Access-Control-Allow-Credentials $portal_cors_credentials always;
    add_header Vary Origin always;
    add_header Retry-After $portal_retry_after always;
    add_header Access-Control-Allow-Methods $portal_allow_methods always;
    add_header Access-Control-Allow-Headers $portal_allow_headers always;
    add_header Access-Control-Expose-Headers $portal_expose_headers always;

    proxy_http_version 1.1;
    proxy_set_header Connection '';
    proxy_set_header X-Request-Id $portal_request_id;
    # nginx is the edge: the caller is the socket's peer. A client's own X-Forwarded-For is dropped, and
    # the contexts believe this header only from nginx (TRUSTED_PROXIES=<nginx's address> on each).
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $host;
    # The contexts echo the id they were given; nginx adds it to every answer, its own refusals too.
    proxy_hide_header X-Request-Id;

${locations.join('\n')}

    location /api/ {
      return 404 ${json('REQUEST.NOT_FOUND', MESSAGES.notFound)};
    }

    location @portal_rate_limited {
      return 429 ${json('REQUEST.RATE_LIMITED', MESSAGES.tooManyAttempts, { retryAfter: 60 })};
    }
  }
}
`;
};

/** The options this process's configuration implies: the same URLs, origins and limits as the gateway. */
export const nginxOptionsFromConfig = (
  config: PortalConfig,
  overrides: Partial<NginxOptions> = {},
): NginxOptions => ({
  listen: config.port,
  upstreams: config.contextUrls,
  corsOrigins: [new URL(config.publicUrl).origin, ...config.corsOrigins],
  securityHeaders: securityHeaders(config),
  rateLimitPerMinute: config.rateLimitPerMinute,
  sensitiveRateLimitPerMinute: config.sensitiveRateLimitPerMinute,
  ...overrides,
});

// `node services/gateway/dist/nginx-config.js` prints the configuration for this environment.
if (require.main === module) process.stdout.write(nginxConfig(nginxOptionsFromConfig(loadConfig())));
