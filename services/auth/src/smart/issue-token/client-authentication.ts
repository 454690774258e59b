import { timingSafeEqual } from 'node:crypto';
import type { Queryable } from '@portal/server-kit';
import { oauthError } from '../../auth.errors';
import { sha256 } from '../../sessions/random-token';
import type { SmartClient, SmartClientRepository } from '../smart-client.repository';

/** `Authorization: Basic` of RFC 6749 §2.3.1: both halves form-urlencoded before base64. */
const basicCredentials = (header: string | undefined): { id: string; secret: string } | null => {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    const part = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { id: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
};

const sameHash = (secret: string, hash: string) => {
  const a = Buffer.from(sha256(secret));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The client at the token endpoint: a public client names itself (its PKCE verifier is its proof); a
 * confidential one must prove its secret, by Basic or in the body as it registered.
 */
export const authenticateClient = async (
  db: Queryable,
  clients: Pick<SmartClientRepository, 'find'>,
  authorization: string | undefined,
  body: { client_id?: string; client_secret?: string },
): Promise<SmartClient> => {
  const basic = basicCredentials(authorization);
  const clientId = basic?.id ?? body.client_id;
  const client = clientId ? await clients.find(db, clientId) : null;
  if (!client) throw oauthError('invalid_client', 'Unknown client');
  if (client.authMethod === 'none') return client;
  const secret = client.authMethod === 'client_secret_basic' ? basic?.secret : body.client_secret;
  if (!secret || !client.secretHash || !sameHash(secret, client.secretHash))
    throw oauthError('invalid_client', 'The client could not be authenticated');
  return client;
};
