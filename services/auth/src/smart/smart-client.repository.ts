import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

export type ClientAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';

export interface SmartClient {
  clientId: string;
  clientName: string;
  redirectUris: string[];
  authMethod: ClientAuthMethod;
  /** sha256 of a confidential client's secret; null for a public client. */
  secretHash: string | null;
}

const COLUMNS = `client_id AS "clientId", client_name AS "clientName", redirect_uris AS "redirectUris",
  auth_method AS "authMethod", secret_hash AS "secretHash"`;

/** All SQL on registered SMART apps. */
@Injectable()
export class SmartClientRepository {
  async insert(db: Queryable, c: SmartClient): Promise<void> {
    await db.query(
      `INSERT INTO auth.smart_clients (client_id, client_name, redirect_uris, auth_method, secret_hash) VALUES ($1,$2,$3,$4,$5)`,
      [c.clientId, c.clientName, c.redirectUris, c.authMethod, c.secretHash],
    );
  }

  /** The demo seed's app, kept as it is when it exists already. */
  async insertIfMissing(db: Queryable, c: SmartClient): Promise<void> {
    await db.query(
      `INSERT INTO auth.smart_clients (client_id, client_name, redirect_uris, auth_method, secret_hash) VALUES ($1,$2,$3,$4,$5)
       ON CONFLICT (client_id) DO NOTHING`,
      [c.clientId, c.clientName, c.redirectUris, c.authMethod, c.secretHash],
    );
  }

  async find(db: Queryable, clientId: string): Promise<SmartClient | null> {
    const [row] = await db.query(`SELECT ${COLUMNS} FROM auth.smart_clients WHERE client_id = $1`, [
      clientId,
    ]);
    return row ?? null;
  }
}
