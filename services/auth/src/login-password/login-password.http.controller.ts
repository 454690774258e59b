import { Body, Controller, HttpCode, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { linkTokenSchema, MESSAGES, readUpdatePassword, updateEmailSchema, updatePasswordSchema, type LoginResponse } from '@portal/contracts';
import { AppError, type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext, Public, RequestMeta, type RequestMetaValue, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { UserEntity } from '../entities';
import { AccountLinks } from '../links/account-links';
import { checkCurrentPassword } from '../login/failed-logins';
import { AccountNotices } from '../notices/account-notices';
import { SessionService } from '../session/session.service';
import { hashPassword } from '../tokens/passwords';
import { TokenService } from '../tokens/token.service';

/** Either payload reading of updatePassword, mapped onto one before the shared rules run. */
const updatePasswordPipe = { transform: (value: Record<string, unknown>) => validate(updatePasswordSchema).transform(readUpdatePassword(value ?? {})) };

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

@ApiTags('identity')
@Controller('myIdentity')
export class LoginPasswordController {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
    private readonly links: AccountLinks,
    private readonly notices: AccountNotices,
  ) {}

  /**
   * PUT or POST /api/myIdentity/updatePassword: every session of the user ends (stolen ones too), and
   * the answer opens a fresh one, so the tab that changed the password stays signed in.
   */
  @Put('updatePassword')
  @HttpCode(200)
  async updatePassword(
    @CurrentUser() claims: CurrentUserClaims,
    @Body(updatePasswordPipe) body: InferType<typeof updatePasswordSchema>,
    @RequestMeta() meta: RequestMetaValue,
  ): Promise<LoginResponse & { message: string }> {
    const user = await this.user(claims);
    await checkCurrentPassword(this.kit, user, body.currentPassword, meta);
    const hash = await hashPassword(body.newPassword);
    const { answer, revoked } = await this.kit.events.transaction(async (tx) => {
      await tx.getRepository(UserEntity).update({ id: user.id }, { passwordHash: hash });
      const revoked = await this.tokens.revokeFamilies(tx, user.id);
      await this.kit.audit.record(tx, { actorId: user.id, action: 'auth.password-set', resourceType: 'user', resourceId: user.id, subjectId: user.id, ip: meta.ip, requestId: meta.requestId, detail: { purpose: 'CHANGE' } });
      return { answer: await this.sessions.open(tx, user, false), revoked };
    });
    this.tokens.revokeLocally(revoked);
    await this.notices.send('ACCOUNT_PASSWORD_CHANGED_NOTIFICATION', user, user.email);
    return { message: MESSAGES.passwordChanged, ...answer };
  }

  /** The same call as POST, as the spec shows both methods. */
  @Post('updatePassword')
  @HttpCode(200)
  updatePasswordByPost(@CurrentUser() claims: CurrentUserClaims, @Body(updatePasswordPipe) body: InferType<typeof updatePasswordSchema>, @RequestMeta() meta: RequestMetaValue) {
    return this.updatePassword(claims, body, meta);
  }

  /** PUT /api/myIdentity/updateEmail: nothing changes until the link mailed to the new address is followed. */
  @Put('updateEmail')
  @HttpCode(200)
  async updateEmail(@CurrentUser() claims: CurrentUserClaims, @Body(validate(updateEmailSchema)) body: InferType<typeof updateEmailSchema>, @RequestMeta() meta: RequestMetaValue) {
    const user = await this.user(claims);
    if (body.newEmail === user.email) throw new AppError('REQUEST.VALIDATION_FAILED', MESSAGES.sameEmail, { newEmail: MESSAGES.sameEmail });
    if (await this.kit.ds.getRepository(UserEntity).existsBy({ email: body.newEmail })) throw new AppError('AUTH.EMAIL_TAKEN', MESSAGES.emailTaken);
    await this.links.mail(user, 'EMAIL_CHANGE', { actorId: user.id, action: 'auth.email-change-requested', meta }, { payload: { newEmail: body.newEmail }, to: body.newEmail });
    return { message: MESSAGES.emailChangeSent };
  }

  /** POST /api/myIdentity/confirmEmailUpdate {token}: the mailed link is the proof, so no session is needed. */
  @Public()
  @Post('confirmEmailUpdate')
  @HttpCode(200)
  async confirmEmailUpdate(@Body(validate(linkTokenSchema)) body: InferType<typeof linkTokenSchema>, @RequestMeta() meta: RequestMetaValue) {
    let result: { user: UserEntity; oldEmail: string; newEmail: string; revoked: string[] };
    try {
      result = await this.kit.events.transaction(async (tx) => {
        const link = await this.links.consume(tx, body.token, ['EMAIL_CHANGE']);
        const user = await tx.getRepository(UserEntity).findOneByOrFail({ id: link.userId });
        const newEmail = String(link.payload?.newEmail);
        const oldEmail = user.email;
        await tx.query(`UPDATE auth.users SET email = $2 WHERE id = $1`, [user.id, newEmail]);
        await tx.query(`UPDATE auth.persons SET email = $2 WHERE id = $1`, [user.personId, newEmail]);
        const revoked = await this.tokens.revokeFamilies(tx, user.id);
        await this.kit.events.record(tx, 'auth.email-changed', { userId: user.id, personId: user.personId, oldEmail, newEmail });
        await this.kit.audit.record(tx, { actorId: user.id, action: 'auth.email-changed', resourceType: 'user', resourceId: user.id, subjectId: user.id, ip: meta.ip, requestId: meta.requestId });
        return { user, oldEmail, newEmail, revoked };
      });
    } catch (e) {
      // Someone took the address between the request and the click.
      if (isUniqueViolation(e)) throw new AppError('AUTH.EMAIL_TAKEN', MESSAGES.emailTaken);
      throw e;
    }
    this.tokens.revokeLocally(result.revoked);
    await this.notices.send('ACCOUNT_EMAIL_ADDRESS_CHANGED_NOTIFICATION', result.user, result.oldEmail);
    return { message: MESSAGES.emailUpdated, email: result.newEmail };
  }

  private async user(claims: CurrentUserClaims): Promise<UserEntity> {
    const user = await this.sessions.findUser(this.kit.ds.manager, { id: claims.sub });
    if (!user) throw new AppError('AUTH.UNAUTHENTICATED', MESSAGES.unauthenticated);
    return user;
  }
}
