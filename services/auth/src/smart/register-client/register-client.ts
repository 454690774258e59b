import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { smartClientRegistrationSchema } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import type { InferType } from 'yup';
import { randomToken, sha256 } from '../../sessions/random-token';
import { type ClientAuthMethod, SmartClientRepository } from '../smart-client.repository';

export type ClientRegistration = InferType<typeof smartClientRegistrationSchema>;

/**
 * RFC 7591 dynamic registration, open as SMART apps expect: registering grants nothing by itself (every
 * authorization still needs the patient's consent on our own screen, and the redirect URIs named here
 * are the only places a code can go). A confidential client gets a secret once; only its sha256 is kept.
 */
@Injectable()
export class RegisterClient {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly clients: SmartClientRepository,
  ) {}

  async execute(body: ClientRegistration, caller: Caller) {
    const authMethod = (body.token_endpoint_auth_method ?? 'none') as ClientAuthMethod;
    const clientId = randomUUID();
    const secret = authMethod === 'none' ? null : randomToken();
    await this.kit.transaction(async (tx) => {
      await this.clients.insert(tx, {
        clientId,
        clientName: body.client_name,
        redirectUris: body.redirect_uris,
        authMethod,
        secretHash: secret ? sha256(secret) : null,
      });
      await this.kit.audit.record(tx, caller, {
        action: 'auth.smart-client-registered',
        resourceType: 'smart_client',
        resourceId: clientId,
        detail: { name: body.client_name, authMethod },
      });
    });
    return {
      client_id: clientId,
      ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
      client_id_issued_at: Math.floor(Date.now() / 1000),
      client_name: body.client_name,
      redirect_uris: body.redirect_uris,
      token_endpoint_auth_method: authMethod,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    };
  }
}
