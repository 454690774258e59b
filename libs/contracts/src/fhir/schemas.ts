import { array, boolean, object, string } from 'yup';

/** POST SMART_API.consentDecision. */
export const smartConsentDecisionSchema = object({
  approve: boolean().required(),
  scopes: array(string().required().max(200)).max(50),
}).noUnknown();

/** POST SMART_API.register (RFC 7591 §2): the metadata the portal reads; others are ignored as the RFC asks. */
export const smartClientRegistrationSchema = object({
  client_name: string().trim().required('client_name is required').max(120),
  redirect_uris: array(
    string()
      .required()
      .max(2000)
      .matches(
        /^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/)/,
        'redirect_uris must be https (or http on localhost)',
      ),
  )
    .min(1, 'redirect_uris needs at least one URI')
    .max(10)
    .required(),
  token_endpoint_auth_method: string()
    .oneOf(['none', 'client_secret_basic', 'client_secret_post'])
    .default('none'),
  grant_types: array(string().required().oneOf(['authorization_code', 'refresh_token'])).max(2),
  response_types: array(string().required().oneOf(['code'])).max(1),
  scope: string().max(2000),
});

/** POST FHIR_ACCESS_API.startBackup. */
export const startBackupSchema = object({ full: boolean() }).noUnknown();

const oauthParam = (max = 2000) => string().max(max);

/** GET SMART_API.authorize (RFC 6749 §4.1.1, RFC 7636 §4.3, SMART 2.2 §2.1.5). */
export const smartAuthorizeQuerySchema = object({
  response_type: oauthParam(20),
  client_id: oauthParam(200),
  redirect_uri: oauthParam(),
  scope: oauthParam(),
  state: oauthParam(1000),
  aud: oauthParam(),
  code_challenge: oauthParam(200),
  code_challenge_method: oauthParam(20),
  launch: oauthParam(),
});

/** POST SMART_API.token, form-encoded (RFC 6749 §4.1.3 and §6). */
export const smartTokenRequestSchema = object({
  grant_type: string().required('grant_type is required').max(50),
  code: oauthParam(200),
  redirect_uri: oauthParam(),
  code_verifier: oauthParam(200),
  refresh_token: oauthParam(200),
  client_id: oauthParam(200),
  client_secret: oauthParam(200),
  scope: oauthParam(),
});
