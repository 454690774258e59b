import { importJWK, SignJWT } from 'jose';
import { FHIR_TOKEN_AUDIENCE, type SmartAccessClaims } from '@portal/contracts';
import { TOKEN_ISSUER } from '../auth/key-ring';

/**
 * A SMART access token as the auth context's token endpoint issues it (audience FHIR_TOKEN_AUDIENCE,
 * claims sub, sid, client_id, scope, patient), signed with the portal's newest key read from
 * auth.signing_keys: tests of the FHIR API need an app's token without running the OAuth dance.
 */
export const smartToken = async (
  db: { query: (sql: string, params?: unknown[]) => Promise<any[]> },
  claims: SmartAccessClaims,
  expiresInSeconds = 300,
): Promise<string> => {
  const [key] = await db.query(
    'SELECT private_jwk, kid FROM auth.signing_keys ORDER BY created_at DESC LIMIT 1',
  );
  if (!key) throw new Error('smartToken: no signing key yet (is the auth context running?)');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(FHIR_TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(await importJWK(key.private_jwk, 'EdDSA'));
};
