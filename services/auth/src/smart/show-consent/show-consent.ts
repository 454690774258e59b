import { Injectable } from '@nestjs/common';
import { type CurrentUserClaims, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { scopeInPlainWords, type SmartConsentRequest } from '@portal/contracts';
import { consentRequestGone } from '../../auth.errors';
import { UserRepository } from '../../accounts/user.repository';
import { SmartAuthorizationRepository } from '../smart-authorization.repository';
import { SmartClientRepository } from '../smart-client.repository';

/** GET the consent screen's facts: the app, where it sends data, each scope in plain words, and whose record. */
@Injectable()
export class ShowConsent {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly authorizations: SmartAuthorizationRepository,
    private readonly clients: SmartClientRepository,
    private readonly users: UserRepository,
  ) {}

  async execute(requestId: string, user: CurrentUserClaims): Promise<SmartConsentRequest> {
    const request = await this.authorizations.openConsentRequest(this.kit.db, requestId);
    const client = request && (await this.clients.find(this.kit.db, request.clientId));
    const account = await this.users.findById(this.kit.db, user.sub);
    if (!request || !client || !account) throw consentRequestGone();
    return {
      id: request.id,
      clientName: client.clientName,
      clientOrigin: new URL(request.redirectUri).origin,
      scopes: request.scopes.map((scope) => ({ scope, words: scopeInPlainWords(scope) })),
      patient: { id: account.id, name: `${account.firstName} ${account.lastName}`.trim() || account.email },
      expiresAt: request.expiresAt.toISOString(),
    };
  }
}
