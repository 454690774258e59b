import { Injectable } from '@nestjs/common';
import type { smartTokenRequestSchema } from '@portal/contracts';
import { type Caller, InjectContext, type Tx, type UseCaseKit } from '@portal/server-kit';
import type { InferType } from 'yup';
import { type OAuthError, oauthError } from '../../auth.errors';
import { sha256 } from '../../sessions/random-token';
import { TokenService } from '../../sessions/token.service';
import { verifierProves } from '../pkce';
import { type ExchangeRow, SmartAuthorizationRepository } from '../smart-authorization.repository';
import { SmartClientRepository } from '../smart-client.repository';
import { SmartGrants, type SmartTokenAnswer } from '../smart-grants';
import { authenticateClient } from './client-authentication';

export type TokenRequest = InferType<typeof smartTokenRequestSchema>;

type Outcome =
  { answer: SmartTokenAnswer } | { refused: OAuthError; revoked?: { userId: string; id: string } };

/**
 * The token endpoint: a code for tokens (PKCE S256 against the challenge of the authorization request),
 * and refresh-token rotation. Codes and refresh tokens are good once: a second use is a replay, so the
 * authorization is revoked and every token it issued dies (RFC 6749 §4.1.2, OAuth 2.0 Security BCP §4.14).
 */
@Injectable()
export class IssueToken {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly clients: SmartClientRepository,
    private readonly authorizations: SmartAuthorizationRepository,
    private readonly grants: SmartGrants,
    private readonly tokens: TokenService,
  ) {}

  async execute(
    body: TokenRequest,
    authorization: string | undefined,
    caller: Caller,
  ): Promise<SmartTokenAnswer> {
    const client = await authenticateClient(this.kit.db, this.clients, authorization, body);
    if (body.grant_type !== 'authorization_code' && body.grant_type !== 'refresh_token')
      throw oauthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
    const outcome = await this.kit.transaction(async (tx): Promise<Outcome> => {
      const byCode = body.grant_type === 'authorization_code';
      const secret = byCode ? body.code : body.refresh_token;
      if (!secret)
        return { refused: oauthError('invalid_request', `${byCode ? 'code' : 'refresh_token'} is required`) };
      const hash = sha256(secret);
      const row = byCode
        ? await this.authorizations.lockCode(tx, hash)
        : await this.authorizations.lockRefreshToken(tx, hash);
      const fault = this.fault(row, client.clientId, body, byCode);
      if (fault) return this.refuse(tx, row, fault, caller);
      await (byCode
        ? this.authorizations.markCodeUsed(tx, hash)
        : this.authorizations.markRefreshTokenUsed(tx, hash));
      await this.kit.audit.record(tx, caller, {
        action: byCode ? 'auth.smart-code-exchanged' : 'auth.smart-token-refreshed',
        resourceType: 'smart_authorization',
        resourceId: row!.authorization.id,
        subjectId: row!.authorization.userId,
        actorId: null,
        detail: { clientId: client.clientId },
      });
      return { answer: await this.grants.answer(tx, row!.authorization) };
    });
    if ('answer' in outcome) return outcome.answer;
    // Committed first (the revocation must stand), then refused.
    if (outcome.revoked) this.tokens.revokeLocally([outcome.revoked.id]);
    throw outcome.refused;
  }

  /** Why a locked code or refresh token cannot be exchanged; a replay says so, to revoke its authorization. */
  private fault(
    row: ExchangeRow | null,
    clientId: string,
    body: TokenRequest,
    byCode: boolean,
  ): { description: string; replay?: boolean } | null {
    const what = byCode ? 'code' : 'refresh token';
    if (!row || row.authorization.clientId !== clientId) return { description: `Unknown ${what}` };
    if (row.usedAt)
      return { description: `This ${what} was used already: the app's access is revoked`, replay: true };
    if (row.authorization.revokedAt) return { description: 'The patient revoked this app' };
    if (row.expiresAt < new Date()) return { description: `The ${what} has expired` };
    if (byCode && body.redirect_uri !== row.redirectUri)
      return { description: 'redirect_uri differs from the authorization request' };
    if (byCode && !verifierProves(body.code_verifier, row.codeChallenge!))
      return { description: 'code_verifier does not match the code_challenge (S256)' };
    return null;
  }

  private async refuse(
    tx: Tx,
    row: ExchangeRow | null,
    fault: { description: string; replay?: boolean },
    caller: Caller,
  ): Promise<Outcome> {
    const refused = oauthError('invalid_grant', fault.description);
    if (!fault.replay || !row) return { refused };
    const { id, userId } = row.authorization;
    const revoked = await this.authorizations.revoke(tx, [id], 'code or refresh token replayed');
    if (revoked.length)
      await this.kit.events.record(tx, 'auth.session-revoked', { userId, sessionIds: revoked });
    await this.kit.audit.record(tx, caller, {
      action: 'auth.smart-replay-revoked',
      resourceType: 'smart_authorization',
      resourceId: id,
      subjectId: userId,
      actorId: null,
    });
    return { refused, revoked: { id, userId } };
  }
}
