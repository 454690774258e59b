import { randomUUID } from 'node:crypto';
import { Body, Controller, Inject, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createAccountSchema, MESSAGES, PATHS } from '@portal/contracts';
import { AppError, CONFIG, type ContextKit, InjectContext, MailService, type PortalConfig, Public, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { PasswordTokenEntity, PersonEntity, UserEntity } from '../entities';
import { randomToken, sha256 } from '../tokens/token.service';

const SET_PASSWORD_TTL_HOURS = 24;

@ApiTags('auth')
@Controller('auth')
export class CreateAccountController {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly mail: MailService,
  ) {}

  /**
   * POST /api/auth/createAccount: a patient account without a password yet; a single-use link to set
   * it is mailed. The account, its person and the user-registered event commit together.
   */
  @Public()
  @Post('createAccount')
  async createAccount(@Body(validate(createAccountSchema)) body: InferType<typeof createAccountSchema>): Promise<{ userId: string; message: string }> {
    const email = body.email.toLowerCase();
    const token = randomToken();
    const userId = randomUUID();
    try {
      await this.kit.events.transaction(async (tx) => {
        const personId = randomUUID();
        await tx.getRepository(UserEntity).insert({
          id: userId,
          email,
          passwordHash: null,
          firstName: body.firstName,
          lastName: body.lastName,
          dateOfBirth: body.dateOfBirth,
          locale: body.locale,
          personId,
          activeRole: 'PATIENT',
        });
        await tx.query(`INSERT INTO auth.user_roles (user_id, mnemonic) VALUES ($1, 'PATIENT')`, [userId]);
        await tx.getRepository(PersonEntity).insert({ id: personId, userId, firstName: body.firstName, lastName: body.lastName, dateOfBirth: body.dateOfBirth, email });
        await tx.getRepository(PasswordTokenEntity).insert({
          id: randomUUID(),
          userId,
          purpose: 'SET_PASSWORD',
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_HOURS * 3600_000),
        });
        await this.kit.events.record(tx, 'auth.user-registered', { userId, email, firstName: body.firstName, lastName: body.lastName, roles: ['PATIENT'] });
        await this.kit.audit.record(tx, { actorId: userId, action: 'auth.account-created', resourceType: 'user', resourceId: userId, subjectId: userId });
      });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new AppError('AUTH.EMAIL_TAKEN', MESSAGES.emailTaken);
      throw e;
    }
    const link = `${this.config.publicUrl}${PATHS.new.resetPassword}?token=${token}`;
    await this.mail.send({
      to: email,
      subject: 'Set your Patient Portal password',
      text: `Hello ${body.firstName},\n\nYour account was created. Set your password with this link (valid for ${SET_PASSWORD_TTL_HOURS} hours):\n${link}\n`,
      html: `<p>Hello ${escapeHtml(body.firstName)},</p><p>Your account was created. <a href="${link}">Set your password</a> (valid for ${SET_PASSWORD_TTL_HOURS} hours).</p>`,
    });
    return { userId, message: 'We have sent you an email with a link to set your password.' };
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
