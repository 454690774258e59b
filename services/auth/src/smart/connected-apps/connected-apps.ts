import { Injectable } from '@nestjs/common';
import type { ConnectedApp } from '@portal/contracts';
import {
  type Caller,
  type CurrentUserClaims,
  InjectContext,
  type Tx,
  type UseCaseKit,
} from '@portal/server-kit';
import { connectedAppNotFound } from '../../auth.errors';
import { TokenService } from '../../sessions/token.service';
import { SmartAuthorizationRepository } from '../smart-authorization.repository';
import { SmartClientRepository } from '../smart-client.repository';

/**
 * Settings > Connected apps: the patient's live authorizations, and Revoke. Revoking tells every
 * context at once (`auth.session-revoked` names the authorization, the `sid` of its tokens), so the
 * app's next FHIR or DICOMweb read is 401, and its refresh tokens no longer rotate.
 */
@Injectable()
export class ConnectedApps {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly authorizations: SmartAuthorizationRepository,
    private readonly clients: SmartClientRepository,
    private readonly tokens: TokenService,
  ) {}

  async list(user: CurrentUserClaims): Promise<ConnectedApp[]> {
    const live = await this.authorizations.liveAuthorizations(this.kit.db, user.sub);
    return Promise.all(
      live.map(async (a) => {
        const client = await this.clients.find(this.kit.db, a.clientId);
        return {
          authorizationId: a.id,
          clientId: a.clientId,
          clientName: client?.clientName ?? a.clientId,
          clientOrigin: client ? new URL(client.redirectUris[0]).origin : '',
          scopes: a.scopes,
          grantedAt: a.grantedAt.toISOString(),
          lastTokenAt: a.lastTokenAt?.toISOString() ?? null,
          offline: a.scopes.includes('offline_access'),
        };
      }),
    );
  }

  async revoke(authorizationId: string, user: CurrentUserClaims, caller: Caller): Promise<{ ok: true }> {
    await this.kit.transaction(async (tx) => {
      const revoked = await this.authorizations.revoke(
        tx,
        [authorizationId],
        'revoked by the patient',
        user.sub,
      );
      if (!revoked.length) throw connectedAppNotFound();
      await this.kit.events.record(tx, 'auth.session-revoked', { userId: user.sub, sessionIds: revoked });
      await this.kit.audit.record(tx, caller, {
        action: 'auth.smart-app-revoked',
        resourceType: 'smart_authorization',
        resourceId: authorizationId,
        subjectId: user.sub,
      });
    });
    this.tokens.revokeLocally([authorizationId]);
    return { ok: true };
  }

  /** An account that is removed takes its apps' access with it (in the removal's transaction). */
  async revokeAll(tx: Tx, userId: string): Promise<string[]> {
    const live = await this.authorizations.liveAuthorizations(tx, userId);
    const revoked = await this.authorizations.revoke(
      tx,
      live.map((a) => a.id),
      'account removed',
    );
    if (revoked.length)
      await this.kit.events.record(tx, 'auth.session-revoked', { userId, sessionIds: revoked });
    return revoked;
  }
}
