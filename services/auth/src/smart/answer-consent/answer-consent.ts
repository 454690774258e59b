import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  hasPatientScope,
  SMART_CODE_TTL_SECONDS,
  type SmartConsentAnswer,
  type SmartConsentDecision,
} from '@portal/contracts';
import { type Caller, type CurrentUserClaims, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { consentRequestGone } from '../../auth.errors';
import { TokenService } from '../../sessions/token.service';
import { randomToken, sha256 } from '../../sessions/random-token';
import { SmartAuthorizationRepository } from '../smart-authorization.repository';
import { withParams } from '../smart-urls';

/** Without these an app cannot work at all (its patient, who signed in): the screen cannot untick them. */
const REQUIRED_SCOPES = ['launch/patient', 'openid', 'fhirUser'];

/**
 * POST the patient's answer. A request is answered once (two tabs or a replay get 404). Approval makes
 * an authorization with the scopes the patient kept, of those the app asked for, and a single-use code
 * bound to the app's PKCE challenge and redirect URI; an older authorization of the same app for the
 * same patient is revoked, so Connected apps shows one line per app and the old tokens stop.
 */
@Injectable()
export class AnswerConsent {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly authorizations: SmartAuthorizationRepository,
    private readonly tokens: TokenService,
  ) {}

  async execute(
    requestId: string,
    decision: SmartConsentDecision,
    user: CurrentUserClaims,
    caller: Caller,
  ): Promise<SmartConsentAnswer> {
    const { answer, replaced } = await this.kit.transaction(async (tx) => {
      const request = await this.authorizations.openConsentRequest(tx, requestId);
      if (!request || !(await this.authorizations.answer(tx, requestId))) throw consentRequestGone();
      const audit = (action: string, detail: Record<string, unknown>) =>
        this.kit.audit.record(tx, caller, {
          action,
          resourceType: 'smart_client',
          resourceId: request.clientId,
          subjectId: user.sub,
          detail,
        });
      if (!decision.approve) {
        await audit('auth.smart-app-denied', {});
        const redirectTo = withParams(request.redirectUri, { error: 'access_denied', state: request.state });
        return { answer: { redirectTo }, replaced: [] as string[] };
      }
      const kept = decision.scopes ?? request.scopes;
      const scopes = request.scopes.filter((s) => kept.includes(s) || REQUIRED_SCOPES.includes(s));
      const older = await this.authorizations.liveAuthorizations(tx, user.sub, request.clientId);
      const replaced = await this.authorizations.revoke(
        tx,
        older.map((a) => a.id),
        'replaced by a new consent',
      );
      if (replaced.length)
        await this.kit.events.record(tx, 'auth.session-revoked', { userId: user.sub, sessionIds: replaced });
      const authorizationId = randomUUID();
      await this.authorizations.insertAuthorization(tx, {
        id: authorizationId,
        userId: user.sub,
        clientId: request.clientId,
        scopes,
        patientId: hasPatientScope(scopes) ? user.sub : null,
      });
      const code = randomToken();
      await this.authorizations.insertCode(tx, {
        codeHash: sha256(code),
        authorizationId,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        expiresAt: new Date(Date.now() + SMART_CODE_TTL_SECONDS * 1000),
      });
      await audit('auth.smart-app-authorized', { authorizationId, scopes });
      return {
        answer: { redirectTo: withParams(request.redirectUri, { code, state: request.state }) },
        replaced,
      };
    });
    this.tokens.revokeLocally(replaced);
    return answer;
  }
}
