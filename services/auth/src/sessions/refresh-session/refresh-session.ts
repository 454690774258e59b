import { Injectable } from '@nestjs/common';
import type { LoginResponse } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { refreshReused, sessionEnded, userNotFound } from '../../auth.errors';
import { UserRepository } from '../../accounts/user.repository';
import { RefreshTokenRepository } from '../refresh-token.repository';
import { sha256 } from '../random-token';
import { SessionService } from '../session.service';
import { TokenService } from '../token.service';

/**
 * POST refresh: rotation with reuse detection. A refresh token is good once; presenting a used or
 * revoked one means it was stolen or replayed, so its whole family is revoked and the call answers 401.
 */
@Injectable()
export class RefreshSession {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly tokens: TokenService,
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
  ) {}

  async execute(refreshToken: string): Promise<LoginResponse> {
    const next = await this.kit.transaction(
      async (
        tx,
      ): Promise<{ reusedFamily: string } | { userId: string; refreshToken: string; familyId: string }> => {
        const row = await this.refreshTokens.lockByHash(tx, sha256(refreshToken));
        if (!row || row.expiresAt < new Date()) throw sessionEnded();
        if (row.usedAt || row.revokedAt) {
          await this.tokens.revokeFamilies(tx, row.userId, [row.familyId]);
          return { reusedFamily: row.familyId };
        }
        await this.refreshTokens.markUsed(tx, row.id);
        return {
          userId: row.userId,
          ...(await this.tokens.issueRefresh(tx, row.userId, row.remember, row.familyId)),
        };
      },
    );
    if ('reusedFamily' in next) {
      // Committed first (the revocation must stand), then refused.
      this.tokens.revokeLocally([next.reusedFamily]);
      throw refreshReused();
    }
    const user = await this.users.findById(this.kit.db, next.userId);
    if (!user) throw userNotFound();
    return this.sessions.answer(user, next.refreshToken, next.familyId);
  }
}
