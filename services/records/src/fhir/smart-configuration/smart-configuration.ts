import { Inject, Injectable } from '@nestjs/common';
import { FHIR_RESOURCE_TYPES, SMART_API, SMART_CONTEXT_SCOPES } from '@portal/contracts';
import { CONFIG, type PortalConfig } from '@portal/server-kit';
import { fhirBaseOf, originOf } from '../fhir-http';

/** SMART App Launch 2.2 §2.1.2's discovery document, as this portal's authorization server answers. */
export interface SmartConfiguration {
  issuer: string;
  jwks_uri: string;
  authorization_endpoint: string;
  token_endpoint: string;
  registration_endpoint: string;
  grant_types_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  scopes_supported: string[];
  response_types_supported: string[];
  code_challenge_methods_supported: string[];
  capabilities: string[];
}

/**
 * GET /api/fhir/.well-known/smart-configuration: where a SMART app finds the portal's authorization
 * server. Authorization codes need PKCE with S256 only; public clients (no secret) and confidential
 * ones with a symmetric secret (basic or post) may register; scopes are patient-level read and search.
 */
@Injectable()
export class GetSmartConfiguration {
  private readonly configuration: SmartConfiguration;

  constructor(@Inject(CONFIG) config: Pick<PortalConfig, 'publicUrl'>) {
    const origin = originOf(config);
    this.configuration = {
      // The id token's issuer is the FHIR base (SMART 2.2 §2.0.9: the `iss` apps are launched with).
      issuer: fhirBaseOf(config),
      jwks_uri: `${origin}${SMART_API.jwks}`,
      authorization_endpoint: `${origin}${SMART_API.authorize}`,
      token_endpoint: `${origin}${SMART_API.token}`,
      registration_endpoint: `${origin}${SMART_API.register}`,
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: [
        ...SMART_CONTEXT_SCOPES,
        'patient/*.rs',
        'patient/*.read',
        ...FHIR_RESOURCE_TYPES.map((t) => `patient/${t}.rs`),
      ],
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      capabilities: [
        'launch-standalone',
        'client-public',
        'client-confidential-symmetric',
        'context-standalone-patient',
        'permission-offline',
        'permission-patient',
        'permission-v2',
        'sso-openid-connect',
      ],
    };
  }

  execute(): SmartConfiguration {
    return this.configuration;
  }
}
