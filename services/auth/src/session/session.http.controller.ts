import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { refreshSchema, type LoginResponse } from '@portal/contracts';
import { type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext, notFound, Public, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { SessionService } from './session.service';
import { TokenService } from '../tokens/token.service';

@ApiTags('auth')
@Controller('auth')
export class SessionController {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
  ) {}

  /** Ends every session of the user at once: refresh tokens revoked, access tokens refused everywhere. */
  @Post('logout')
  @HttpCode(200)
  async logout(@CurrentUser() user: CurrentUserClaims): Promise<{ ok: true }> {
    const ids = await this.kit.events.transaction(async (tx) => {
      const revoked = await this.tokens.revokeFamilies(tx, user.sub);
      await this.kit.audit.record(tx, { actorId: user.sub, action: 'auth.logout', resourceType: 'user', resourceId: user.sub, subjectId: user.sub });
      return revoked;
    });
    this.tokens.revokeLocally([...ids, user.sid]);
    return { ok: true };
  }

  /** Rotates the refresh token; a reused one revokes its family and answers 401. */
  @Public()
  @Post('refresh')
  @HttpCode(200)
  async refresh(@Body(validate(refreshSchema)) body: InferType<typeof refreshSchema>): Promise<LoginResponse> {
    const next = await this.tokens.rotate(body.refresh_token);
    const user = await this.sessions.findUser(this.kit.ds.manager, { id: next.userId });
    if (!user) throw notFound('User');
    return this.sessions.answer(user, next.refreshToken, next.familyId);
  }

  /** The auth context's public keys, for contexts running in other processes. */
  @Public()
  @Get('jwks')
  jwks() {
    return this.tokens.publicKeys();
  }
}
