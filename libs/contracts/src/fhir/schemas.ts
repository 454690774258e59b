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
