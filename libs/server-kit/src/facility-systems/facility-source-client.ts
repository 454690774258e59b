import { randomUUID } from 'node:crypto';
import { importJWK, type JWK, SignJWT } from 'jose';
import type { SmartFhirSourceConfig } from '@portal/contracts';

/** A facility system's answer bigger than this is refused, not read: a search result, not a flood. */
export const SOURCE_ANSWER_LIMIT = 32 * 1024 * 1024;
/** The assertion's lifetime (SMART Backend Services: at most five minutes). */
const ASSERTION_SECONDS = 300;
/** A token is renewed this long before it runs out, so a call never starts with a dying one. */
const TOKEN_MARGIN_MS = 30_000;

/** Why a facility system could not be used: said on the patient's page without secrets or stack traces. */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

interface CachedToken {
  value: string;
  expiresAt: number;
}

/**
 * Talks to one facility system on the portal's behalf: adds its credentials (none, HTTP basic, or a
 * SMART Backend Services bearer token got with a JWT client assertion signed by the portal's key and
 * cached until it nearly expires), bounds every call by a deadline, and reads answers with a size
 * limit. Credentials are only ever sent to the source's own origin: a URL a facility's answer names
 * (an ImagingStudy's endpoint) elsewhere is refused, so a hostile answer cannot point the portal's
 * token, or its requests, at another host.
 */
export class FacilitySourceClient {
  private readonly tokens = new Map<string, Promise<CachedToken>>();

  /** fetch() of `url` (which must be on the source's origin) with the source's credentials and a deadline. */
  async fetch(
    source: SmartFhirSourceConfig,
    url: string,
    init: { accept: string; deadline: number; signal?: AbortSignal },
  ): Promise<Response> {
    assertSameOrigin(source, url);
    const remaining = init.deadline - Date.now();
    if (remaining <= 0) throw new SourceError('The facility did not answer in time', true);
    const signals = [AbortSignal.timeout(remaining), ...(init.signal ? [init.signal] : [])];
    try {
      const res = await fetch(url, {
        headers: { accept: init.accept, ...(await this.authorization(source, init.deadline)) },
        signal: AbortSignal.any(signals),
        redirect: 'error',
      });
      if (res.status === 401 || res.status === 403) {
        this.tokens.delete(source.id);
        throw new SourceError(`The facility refused the portal's credentials (${res.status})`);
      }
      return res;
    } catch (err) {
      throw asSourceError(err);
    }
  }

  /** The JSON body of an answer, refused when it is not 2xx, not JSON or bigger than the limit. */
  async json(res: Response, what: string): Promise<unknown> {
    if (!res.ok) throw new SourceError(`The facility answered ${res.status} to ${what}`);
    const bytes = await readLimited(res, SOURCE_ANSWER_LIMIT);
    try {
      return bytes.length ? JSON.parse(bytes.toString('utf8')) : [];
    } catch {
      throw new SourceError(`The facility's answer to ${what} is not JSON`);
    }
  }

  private async authorization(
    source: SmartFhirSourceConfig,
    deadline: number,
  ): Promise<Record<string, string>> {
    const auth = source.auth;
    if (!auth || auth.type === 'none') return {};
    if (auth.type === 'basic')
      return {
        authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`,
      };
    let cached = this.tokens.get(source.id);
    if (cached) {
      const token = await cached.catch(() => null);
      if (token && token.expiresAt - TOKEN_MARGIN_MS > Date.now()) return bearer(token);
    }
    cached = this.backendToken(source, deadline);
    this.tokens.set(source.id, cached);
    cached.catch(() => this.tokens.delete(source.id));
    return bearer(await cached);
  }

  /** SMART Backend Services (client_credentials with a private_key_jwt assertion). */
  private async backendToken(source: SmartFhirSourceConfig, deadline: number): Promise<CachedToken> {
    const auth = source.auth as Extract<SmartFhirSourceConfig['auth'], { type: 'smart-backend' }>;
    const signal = AbortSignal.timeout(Math.max(1, deadline - Date.now()));
    const discovery = await fetch(`${source.baseUrl.replace(/\/+$/, '')}/.well-known/smart-configuration`, {
      headers: { accept: 'application/json' },
      signal,
      redirect: 'error',
    }).catch((err: unknown) => {
      throw asSourceError(err);
    });
    const config = (await this.json(discovery, 'the SMART configuration')) as { token_endpoint?: unknown };
    const tokenUrl = typeof config.token_endpoint === 'string' ? config.token_endpoint : '';
    if (!/^https?:\/\//.test(tokenUrl))
      throw new SourceError('The facility announces no SMART token endpoint');
    assertSameOrigin(source, tokenUrl);
    const jwk = auth.privateKeyJwk as JWK;
    const alg = typeof jwk.alg === 'string' ? jwk.alg : 'ES384';
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg, typ: 'JWT', ...(jwk.kid ? { kid: jwk.kid } : {}) })
      .setIssuer(auth.clientId)
      .setSubject(auth.clientId)
      .setAudience(tokenUrl)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ASSERTION_SECONDS)
      .setJti(randomUUID())
      .sign(await importJWK(jwk, alg));
    const res = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        scope: auth.scope ?? 'system/Patient.rs system/ImagingStudy.rs system/Endpoint.rs',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      }),
      signal,
      redirect: 'error',
    }).catch((err: unknown) => {
      throw asSourceError(err);
    });
    if (!res.ok) throw new SourceError(`The facility refused the portal's client assertion (${res.status})`);
    const answer = (await this.json(res, 'the token request')) as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    if (typeof answer.access_token !== 'string' || !answer.access_token)
      throw new SourceError('The facility answered no access token');
    const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : 300;
    return { value: answer.access_token, expiresAt: Date.now() + seconds * 1000 };
  }
}

const bearer = (t: CachedToken) => ({ authorization: `Bearer ${t.value}` });

/** A URL is the source's when it has the same scheme, host and port as its base URL. */
export const isSourceOrigin = (source: Pick<SmartFhirSourceConfig, 'baseUrl'>, url: string): boolean => {
  try {
    return new URL(url).origin === new URL(source.baseUrl).origin;
  } catch {
    return false;
  }
};

const assertSameOrigin = (source: SmartFhirSourceConfig, url: string): void => {
  if (!isSourceOrigin(source, url))
    throw new SourceError('The facility named an address outside its own system; it was not followed');
};

/** What a failed call to a facility system says to the patient; `otherwise` names any other network failure. */
export const asSourceError = (err: unknown, otherwise = 'The facility could not be reached'): SourceError => {
  if (err instanceof SourceError) return err;
  const e = err as Error;
  if (e.name === 'TimeoutError') return new SourceError('The facility did not answer in time', true);
  if (e.name === 'AbortError') return new SourceError('The query was stopped');
  return new SourceError(otherwise);
};

/** The body, up to `limit` bytes; more is refused without reading it all. */
export const readLimited = async (res: Response, limit: number): Promise<Buffer> => {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > limit) throw new SourceError('The facility answered more than the portal reads');
  const chunks: Buffer[] = [];
  let size = 0;
  if (!res.body) return Buffer.alloc(0);
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > limit) throw new SourceError('The facility answered more than the portal reads');
      chunks.push(Buffer.from(chunk));
    }
  } catch (err) {
    throw asSourceError(err);
  }
  return Buffer.concat(chunks);
};
