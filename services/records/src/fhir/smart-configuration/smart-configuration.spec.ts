import { GetSmartConfiguration } from './smart-configuration';

describe('GetSmartConfiguration', () => {
  const config = new GetSmartConfiguration({ publicUrl: 'https://portal.test' }).execute();

  it("points at the portal's authorization server, with PKCE S256 only", () => {
    expect(config).toMatchObject({
      issuer: 'https://portal.test/api/fhir',
      jwks_uri: 'https://portal.test/api/smart/jwks',
      authorization_endpoint: 'https://portal.test/api/smart/authorize',
      token_endpoint: 'https://portal.test/api/smart/token',
      registration_endpoint: 'https://portal.test/api/smart/register',
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
  });

  it('says what kinds of app and launch it serves, and its patient scopes', () => {
    expect(config.capabilities).toEqual(
      expect.arrayContaining([
        'launch-standalone',
        'client-public',
        'context-standalone-patient',
        'permission-v2',
      ]),
    );
    expect(config.scopes_supported).toEqual(
      expect.arrayContaining([
        'openid',
        'fhirUser',
        'launch/patient',
        'offline_access',
        'patient/*.rs',
        'patient/ImagingStudy.rs',
      ]),
    );
  });
});
