import { randomUUID } from 'node:crypto';
import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createAccountSchema, MESSAGES } from '@portal/contracts';
import { AppError, type ContextKit, InjectContext, Public, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { PersonEntity, UserEntity } from '../entities';
import { AccountLinks } from '../links/account-links';
import { NotificationSettingsService } from '../notification-settings/notification-settings.service';

@ApiTags('auth')
@Controller()
export class CreateAccountController {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly links: AccountLinks,
    private readonly settings: NotificationSettingsService,
  ) {}

  /**
   * POST /api/auth/createAccount (and /api/createAccount of the external request): a patient account without a password yet; a single-use link to set
   * it is mailed. The account, its person, the link and the user-registered event commit together.
   */
  @Public()
  @Post(['auth/createAccount', 'createAccount'])
  async createAccount(@Body(validate(createAccountSchema)) body: InferType<typeof createAccountSchema>): Promise<{ userId: string; message: string }> {
    const email = body.email.toLowerCase();
    const userId = randomUUID();
    let sendLink: () => Promise<void>;
    try {
      sendLink = await this.kit.events.transaction(async (tx) => {
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
        await this.kit.events.record(tx, 'auth.user-registered', { userId, email, firstName: body.firstName, lastName: body.lastName, roles: ['PATIENT'] });
        await this.kit.audit.record(tx, { actorId: userId, action: 'auth.account-created', resourceType: 'user', resourceId: userId, subjectId: userId });
        await this.settings.allOn(tx, { id: userId, email });
        return (await this.links.issue(tx, { id: userId, email, firstName: body.firstName }, 'SET_PASSWORD')).send;
      });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new AppError('AUTH.EMAIL_TAKEN', MESSAGES.emailTaken);
      throw e;
    }
    await sendLink();
    return { userId, message: MESSAGES.setPasswordSent };
  }
}
