import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { forgotPasswordSchema, MESSAGES, resetPasswordSchema } from '@portal/contracts';
import { AppError, type ContextKit, InjectContext, Public, RequestMeta, type RequestMetaValue, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { UserEntity } from '../entities';
import { hashPassword } from '../tokens/passwords';
import { TokenService } from '../tokens/token.service';
import { AccountLinks, type LinkPurpose } from '../links/account-links';
import { AccountNotices } from '../notices/account-notices';
import { AccountRateLimit } from '../limits/account-rate-limit';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PASSWORD_LINKS: LinkPurpose[] = ['SET_PASSWORD', 'RESET_PASSWORD'];

@ApiTags('auth')
@Controller()
export class PasswordController {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly links: AccountLinks,
    private readonly tokens: TokenService,
    private readonly notices: AccountNotices,
    private readonly limit: AccountRateLimit,
  ) {}

  /** GET /api/auth/checkUserEmail/{email}: whether an account exists (rate limited at the gateway). */
  @Public()
  @Get('auth/checkUserEmail/:email')
  async checkUserEmail(@Param('email') email: string): Promise<{ userExist: boolean }> {
    if (!EMAIL.test(email)) throw new AppError('REQUEST.VALIDATION_FAILED', MESSAGES.pleaseEnterValidEmail);
    this.limit.hit('lookup', email);
    return { userExist: await this.kit.ds.getRepository(UserEntity).existsBy({ email: email.trim().toLowerCase() }) };
  }

  /** POST /api/auth/forgotPassword: mails a reset link; the answer is the same whether or not the account exists. */
  @Public()
  @Post('auth/forgotPassword')
  @HttpCode(200)
  async forgotPassword(@Body(validate(forgotPasswordSchema)) body: InferType<typeof forgotPasswordSchema>, @RequestMeta() meta: RequestMetaValue) {
    this.limit.hit('forgot', body.username);
    const user = await this.kit.ds.getRepository(UserEntity).findOneBy({ email: body.username.toLowerCase() });
    if (user) await this.links.mail(user, 'RESET_PASSWORD', { actorId: null, action: 'auth.reset-link-sent', meta });
    return { message: MESSAGES.resetEmailSent };
  }

  /** GET /api/checkForgotPasswordToken and /api/checkResetPasswordToken: is the mailed link still good? */
  @Public()
  @Get(['checkForgotPasswordToken', 'checkResetPasswordToken'])
  async checkToken(@Query('token') token = ''): Promise<{ valid: true; purpose: string }> {
    const link = await this.kit.ds.transaction((tx) => this.links.consume(tx, token, PASSWORD_LINKS, { peek: true }));
    return { valid: true, purpose: link.purpose };
  }

  /**
   * POST /api/auth/resetPassword. With a mailed token: sets the password, uses the link up, ends every
   * session and mails a notice. With tokenId (the NEW_PASSWORD_REQUIRED challenge, whose token is a
   * user id anyone could know): nothing is set; a fresh set-password link goes to the account's mailbox.
   */
  @Public()
  @Post('auth/resetPassword')
  @HttpCode(200)
  async resetPassword(@Body(validate(resetPasswordSchema)) body: InferType<typeof resetPasswordSchema>, @RequestMeta() meta: RequestMetaValue) {
    if (body.tokenId) return this.resendSetPasswordLink(body.token, meta);
    const { user, sessions } = await this.kit.events.transaction(async (tx) => {
      const link = await this.links.consume(tx, body.token, PASSWORD_LINKS);
      const found = await tx.getRepository(UserEntity).findOneByOrFail({ id: link.userId });
      await tx.query(`UPDATE auth.password_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL AND purpose IN ('SET_PASSWORD','RESET_PASSWORD')`, [found.id]);
      await tx.getRepository(UserEntity).update({ id: found.id }, { passwordHash: await hashPassword(body.newPassword!) });
      const revoked = await this.tokens.revokeFamilies(tx, found.id);
      await this.kit.audit.record(tx, { actorId: found.id, action: 'auth.password-set', resourceType: 'user', resourceId: found.id, subjectId: found.id, ip: meta.ip, requestId: meta.requestId, detail: { purpose: link.purpose } });
      return { user: found, sessions: revoked };
    });
    this.tokens.revokeLocally(sessions);
    await this.notices.send('ACCOUNT_PASSWORD_CHANGED_NOTIFICATION', user, user.email);
    return { message: MESSAGES.passwordChanged };
  }

  private async resendSetPasswordLink(userId: string, meta: RequestMetaValue) {
    const user = /^[0-9a-f-]{36}$/i.test(userId) ? await this.kit.ds.getRepository(UserEntity).findOneBy({ id: userId }) : null;
    if (user && user.passwordHash === null) await this.links.mail(user, 'SET_PASSWORD', { actorId: null, action: 'auth.set-password-link-sent', meta });
    return { message: MESSAGES.setPasswordSent };
  }
}
