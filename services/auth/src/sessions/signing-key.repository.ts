import { Injectable } from '@nestjs/common';
import type { JWK } from 'jose';
import type { Queryable } from '@portal/server-kit';

export interface SigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** All SQL on the auth context's signing keys, kept in its schema so every process signs with the same key. */
@Injectable()
export class SigningKeyRepository {
  async newest(db: Queryable): Promise<SigningKey | null> {
    const [row] = await db.query(
      `SELECT kid, private_jwk AS "privateJwk", public_jwk AS "publicJwk" FROM auth.signing_keys ORDER BY created_at DESC LIMIT 1`,
    );
    return row ?? null;
  }

  /** Stores a key unless another process stored one at the same moment (then that one is used). */
  async insert(db: Queryable, key: SigningKey): Promise<void> {
    await db.query(
      `INSERT INTO auth.signing_keys (kid, private_jwk, public_jwk) VALUES ($1,$2,$3) ON CONFLICT DO NOTHING`,
      [key.kid, key.privateJwk, key.publicJwk],
    );
  }
}
