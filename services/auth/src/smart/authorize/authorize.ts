import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  grantableScopes,
  SMART_CONSENT_TTL_SECONDS,
  type smartAuthorizeQuerySchema,
} from '@portal/contracts';
import { badRequest, CONFIG, InjectContext, type PortalConfig, type UseCaseKit } from '@portal/server-kit';
import type { InferType } from 'yup';
import { SmartClientRepository } from '../smart-client.repository';
import { SmartAuthorizationRepository } from '../smart-authorization.repository';
import { isS256Challenge } from '../pkce';
import { consentPage, fhirBaseOf, withParams } from '../smart-urls';

export type AuthorizeQuery = InferType<typeof smartAuthorizeQuerySchema>;

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * The authorization endpoint (SMART 2.2 §2.1.5, standalone launch). A request that names no known app
 * or a redirect URI the app did not register is refused here (RFC 6749 §4.1.2.1: never redirect to an
 * unverified URI); any other fault goes back to the app as an OAuth error. PKCE is S256 only, and the
 * `aud` must be this FHIR server, so a token can never be asked for on behalf of another. A good
 * request waits for the patient on our consent screen.
 */
@Injectable()
export class Authorize {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly clients: SmartClientRepository,
    private readonly authorizations: SmartAuthorizationRepository,
  ) {}

  async execute(q: AuthorizeQuery): Promise<{ url: string }> {
    const client = q.client_id ? await this.clients.find(this.kit.db, q.client_id) : null;
    if (!client) throw badRequest('Unknown client_id: register the app first');
    const redirectUri =
      q.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
    if (!redirectUri || !client.redirectUris.includes(redirectUri))
      throw badRequest('redirect_uri is not one the app registered');
    const refuse = (error: string, description: string) => ({
      url: withParams(redirectUri, { error, error_description: description, state: q.state }),
    });
    if (q.response_type !== 'code')
      return refuse('unsupported_response_type', 'Only response_type=code is supported');
    if (q.launch) return refuse('invalid_request', 'Only the standalone launch is supported');
    if (q.code_challenge_method !== 'S256' || !isS256Challenge(q.code_challenge))
      return refuse('invalid_request', 'PKCE with code_challenge_method=S256 is required');
    if (!q.aud || !sameUrl(q.aud, fhirBaseOf(this.config)))
      return refuse('invalid_request', `aud must be this FHIR server (${fhirBaseOf(this.config)})`);
    const scopes = grantableScopes(q.scope ?? '');
    if (!scopes.some((s) => s.startsWith('patient/')))
      return refuse('invalid_scope', 'Ask for at least one patient/ read scope');
    const id = randomUUID();
    await this.authorizations.insertConsentRequest(this.kit.db, {
      id,
      clientId: client.clientId,
      redirectUri,
      scopes,
      state: q.state ?? null,
      codeChallenge: q.code_challenge,
      expiresAt: new Date(Date.now() + SMART_CONSENT_TTL_SECONDS * 1000),
    });
    return { url: consentPage(id) };
  }
}
