// SMART Backend Services authorization of the facility EHR: a registered client signs a JWT assertion
// with its private key (private_key_jwt, RFC 7523) and gets a short-lived bearer token for system scopes.
// https://hl7.org/fhir/smart-app-launch/backend-services.html
'use strict';
const { randomBytes } = require('node:crypto');
const {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
} = require('jose');

const TOKEN_LIFETIME_S = 300;
/** The longest an assertion may live, as the SMART specification says. */
const MAX_ASSERTION_LIFETIME_S = 300;
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const SIGNING_ALGS = ['ES384', 'RS384'];
/** Scope -> the resource type it lets a client read (and search). */
const GRANTABLE = {
  'system/ImagingStudy.rs': 'ImagingStudy',
  'system/Patient.rs': 'Patient',
  'system/Endpoint.rs': 'Endpoint',
};

/** @returns {Promise<{ privateJwk: import('jose').JWK, publicJwk: import('jose').JWK, kid: string }>} */
const generateClientKeyPair = async () => {
  const { privateKey, publicKey } = await generateKeyPair('ES384', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const mark = { kid, alg: 'ES384', use: 'sig' };
  return {
    privateJwk: { ...(await exportJWK(privateKey)), ...mark },
    publicJwk: { ...(await exportJWK(publicKey)), ...mark },
    kid,
  };
};

/** @param {string} tokenUrl */
const smartConfiguration = (tokenUrl) => ({
  token_endpoint: tokenUrl,
  grant_types_supported: ['client_credentials'],
  token_endpoint_auth_methods_supported: ['private_key_jwt'],
  token_endpoint_auth_signing_alg_values_supported: SIGNING_ALGS,
  scopes_supported: [...Object.keys(GRANTABLE), 'system/*.rs'],
  capabilities: ['client-confidential-asymmetric'],
});

class OAuthError extends Error {
  /** @param {number} status @param {string} error @param {string} description */
  constructor(status, error, description) {
    super(description);
    this.status = status;
    this.body = { error, error_description: description };
  }
}

/**
 * @typedef {{ scopes: Set<string>, expiresAt: number }} IssuedToken
 * @typedef {{ clientId: string, publicJwk: import('jose').JWK }} RegisteredClient
 */

/**
 * The token endpoint's state: registered clients, assertion ids already used, tokens issued.
 * @param {{ clients: RegisteredClient[], tokenUrl: string }} options
 */
const createSmartAuthority = ({ clients, tokenUrl }) => {
  const registered = new Map(clients.map((c) => [c.clientId, c.publicJwk]));
  /** jti -> when its assertion expires: a replay is refused until then, and nobody can use it after. */
  const usedAssertions = new Map();
  /** @type {Map<string, IssuedToken>} */
  const tokens = new Map();

  const forgetExpired = () => {
    const now = Date.now();
    for (const [jti, until] of usedAssertions) if (until < now) usedAssertions.delete(jti);
    for (const [token, issued] of tokens) if (issued.expiresAt < now) tokens.delete(token);
  };

  /** @param {string} assertion @returns {Promise<string>} the client id */
  const authenticateClient = async (assertion) => {
    const refuse = (/** @type {string} */ why) => new OAuthError(401, 'invalid_client', why);
    let clientId;
    let alg;
    try {
      clientId = decodeJwt(assertion).iss;
      alg = decodeProtectedHeader(assertion).alg;
    } catch {
      throw refuse('client_assertion is not a JWT');
    }
    const jwk = clientId ? registered.get(clientId) : undefined;
    if (!clientId || !jwk) throw refuse('unknown client');
    if (!alg || !SIGNING_ALGS.includes(alg)) throw refuse(`signing algorithm must be one of ${SIGNING_ALGS}`);
    /** @type {import('jose').JWTPayload} */
    let claims;
    try {
      const key = await importJWK(jwk, alg);
      ({ payload: claims } = await jwtVerify(assertion, key, {
        algorithms: [alg],
        issuer: clientId,
        subject: clientId,
        audience: tokenUrl,
        requiredClaims: ['exp', 'jti'],
      }));
    } catch (err) {
      throw refuse(`client_assertion refused: ${/** @type {Error} */ (err).message}`);
    }
    const exp = /** @type {number} */ (claims.exp);
    if (exp - Date.now() / 1000 > MAX_ASSERTION_LIFETIME_S)
      throw refuse(`client_assertion exp is more than ${MAX_ASSERTION_LIFETIME_S} s ahead`);
    const jti = `${clientId}\n${claims.jti}`;
    if (usedAssertions.has(jti)) throw refuse('client_assertion jti already used');
    usedAssertions.set(jti, exp * 1000);
    return clientId;
  };

  /**
   * POST /auth/token with its form fields.
   * @param {URLSearchParams} form
   * @returns {Promise<{ access_token: string, token_type: 'bearer', expires_in: number, scope: string }>}
   */
  const issueToken = async (form) => {
    forgetExpired();
    if (form.get('grant_type') !== 'client_credentials')
      throw new OAuthError(400, 'unsupported_grant_type', 'grant_type must be client_credentials');
    if (form.get('client_assertion_type') !== ASSERTION_TYPE)
      throw new OAuthError(400, 'invalid_request', `client_assertion_type must be ${ASSERTION_TYPE}`);
    const assertion = form.get('client_assertion');
    if (!assertion) throw new OAuthError(400, 'invalid_request', 'client_assertion is missing');
    await authenticateClient(assertion);
    const requested = (form.get('scope') ?? '').split(' ').filter(Boolean);
    const granted = new Set(
      requested.flatMap((s) => (s === 'system/*.rs' ? Object.keys(GRANTABLE) : s in GRANTABLE ? [s] : [])),
    );
    if (!granted.size)
      throw new OAuthError(
        400,
        'invalid_scope',
        `grantable scopes: ${smartConfiguration('').scopes_supported}`,
      );
    const accessToken = randomBytes(32).toString('base64url');
    tokens.set(accessToken, { scopes: granted, expiresAt: Date.now() + TOKEN_LIFETIME_S * 1000 });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: TOKEN_LIFETIME_S,
      scope: [...granted].join(' '),
    };
  };

  /**
   * Whether an Authorization header carries a live token that may read `resourceType`.
   * @param {string | undefined} authorization
   * @param {string} resourceType
   * @returns {{ ok: true } | { ok: false, status: 401 | 403, reason: string }}
   */
  const authorize = (authorization, resourceType) => {
    const match = /^Bearer ([A-Za-z0-9_-]+)$/i.exec(authorization ?? '');
    const issued = match ? tokens.get(match[1]) : undefined;
    if (!issued || issued.expiresAt < Date.now())
      return { ok: false, status: 401, reason: 'a live bearer token is required' };
    const allowed = [...issued.scopes].some(
      (s) => GRANTABLE[/** @type {keyof GRANTABLE} */ (s)] === resourceType,
    );
    return allowed
      ? { ok: true }
      : { ok: false, status: 403, reason: `no scope grants reading ${resourceType}` };
  };

  return { issueToken, authorize };
};

module.exports = { OAuthError, createSmartAuthority, generateClientKeyPair, smartConfiguration };
