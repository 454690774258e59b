import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { accountRemovalRequestSchema, linkTokenSchema, MESSAGES } from '@portal/contracts';
import { AppError, type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext, RequestMeta, type RequestMetaValue, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { AccountLinks } from '../links/account-links';
import { checkCurrentPassword } from '../login/failed-logins';
import { SessionService } from '../session/session.service';
import { TokenService } from '../tokens/token.service';

/**
 * Account removal in two steps: the password again, then the link mailed to the account's address,
 * opened while signed in as that account. Nothing is removed on a single stolen factor.
 */
@ApiTags('identity')
@Controller('myIdentity')
export class AccountRemovalController {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly sessions: SessionService,
    private readonly links: AccountLinks,
    private readonly tokens: TokenService,
  ) {}

  /** POST /api/myIdentity/accountRemovalRequest {currentPassword}. */
  @Post('accountRemovalRequest')
  @HttpCode(200)
  async request(@CurrentUser() claims: CurrentUserClaims, @Body(validate(accountRemovalRequestSchema)) body: InferType<typeof accountRemovalRequestSchema>, @RequestMeta() meta: RequestMetaValue) {
    const user = await this.sessions.findUser(this.kit.ds.manager, { id: claims.sub });
    if (!user) throw new AppError('AUTH.UNAUTHENTICATED', MESSAGES.unauthenticated);
    await checkCurrentPassword(this.kit, user, body.currentPassword, meta);
    await this.links.mail(user, 'ACCOUNT_REMOVAL', { actorId: user.id, action: 'auth.account-removal-requested', meta });
    return { message: MESSAGES.accountRemovalSent };
  }

  /** POST /api/myIdentity/confirmAccountRemoval {token}: removes the account, its person, family and settings, and ends every session. */
  @Post('confirmAccountRemoval')
  @HttpCode(200)
  async confirm(@CurrentUser() claims: CurrentUserClaims, @Body(validate(linkTokenSchema)) body: InferType<typeof linkTokenSchema>, @RequestMeta() meta: RequestMetaValue) {
    const revoked = await this.kit.events.transaction(async (tx) => {
      await this.links.consume(tx, body.token, ['ACCOUNT_REMOVAL'], { userId: claims.sub });
      const revoked = await this.tokens.revokeFamilies(tx, claims.sub);
      await this.kit.events.record(tx, 'auth.account-removed', { userId: claims.sub, personId: claims.personId });
      // The audit row outlives the account (the log is append-only and keeps no personal data).
      await this.kit.audit.record(tx, { actorId: claims.sub, action: 'auth.account-removed', resourceType: 'user', resourceId: claims.sub, subjectId: claims.sub, ip: meta.ip, requestId: meta.requestId });
      await tx.query(`DELETE FROM auth.users WHERE id = $1`, [claims.sub]);
      return revoked;
    });
    this.tokens.revokeLocally(revoked);
    return { message: MESSAGES.accountRemoved };
  }
}
