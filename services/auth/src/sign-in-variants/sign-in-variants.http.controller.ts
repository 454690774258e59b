import { randomUUID, timingSafeEqual } from 'node:crypto';
import { Body, Controller, Get, Header, Headers, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { getUserInformationSchema, loginAsUserSchema, MESSAGES, phoneLoginSchema, registerAccountSchema, type LoginResponse } from '@portal/contracts';
import { AppError, CONFIG, type ContextKit, InjectContext, type PortalConfig, Public, RequestMeta, type RequestMetaValue, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { AccountLinks } from '../links/account-links';
import { NotificationSettingsService } from '../notification-settings/notification-settings.service';
import { SessionService } from '../session/session.service';
import { hashPassword } from '../tokens/passwords';
import { AccountRateLimit } from '../limits/account-rate-limit';
import { mintLoginAsLink } from './login-as-link';

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Sign-in variants of the spec besides email and password: register, login-as, phone login, and the person lookup. */
@ApiTags('auth')
@Controller()
export class SignInVariantsController {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly sessions: SessionService,
    private readonly links: AccountLinks,
    private readonly settings: NotificationSettingsService,
    private readonly limit: AccountRateLimit,
  ) {}

  /** POST /api/auth/registerAccount {email, password}: the wizard's sign-up mode; answers signed in. */
  @Public()
  @Post('auth/registerAccount')
  async register(@Body(validate(registerAccountSchema)) body: InferType<typeof registerAccountSchema>, @RequestMeta() meta: RequestMetaValue): Promise<LoginResponse> {
    const hash = await hashPassword(body.password);
    try {
      return await this.kit.events.transaction(async (tx) => {
        const id = randomUUID();
        const personId = randomUUID();
        await tx.query(
          `INSERT INTO auth.users (id, email, password_hash, first_name, last_name, locale, person_id, active_role) VALUES ($1,$2,$3,'','','UTC',$4,'PATIENT')`,
          [id, body.email, hash, personId],
        );
        await tx.query(`INSERT INTO auth.user_roles (user_id, mnemonic) VALUES ($1, 'PATIENT')`, [id]);
        await tx.query(`INSERT INTO auth.persons (id, user_id, first_name, last_name, email) VALUES ($1,$2,'','',$3)`, [personId, id, body.email]);
        await this.settings.allOn(tx, { id, email: body.email });
        await this.kit.events.record(tx, 'auth.user-registered', { userId: id, email: body.email, firstName: '', lastName: '', roles: ['PATIENT'] });
        await this.kit.audit.record(tx, { actorId: id, action: 'auth.account-registered', resourceType: 'user', resourceId: id, subjectId: id, ip: meta.ip, requestId: meta.requestId });
        return this.sessions.open(tx, (await this.sessions.findUser(tx, { id }))!, false);
      });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new AppError('AUTH.EMAIL_TAKEN', MESSAGES.emailTaken);
      throw e;
    }
  }

  /** POST /api/getUserInformation {email}: the person id of an account, or 'Person entry not found'. */
  @Post('getUserInformation')
  @HttpCode(200)
  @Header('content-type', 'application/json; charset=utf-8')
  async userInformation(@Body(validate(getUserInformationSchema)) body: InferType<typeof getUserInformationSchema>): Promise<string> {
    this.limit.hit('lookup', body.email);
    const [row]: Array<{ person_id: string }> = await this.kit.ds.query(`SELECT person_id FROM auth.users WHERE email = $1`, [body.email]);
    return JSON.stringify(row?.person_id ?? MESSAGES.personEntryNotFound);
  }

  /**
   * POST /api/auth/loginAsUser {email, reason}: for support staff only (decision 0010). The route does
   * not exist unless SUPPORT_API_KEY is set, and then needs that key in x-support-key.
   */
  @Public()
  @Post('auth/loginAsUser')
  @HttpCode(200)
  async loginAsUser(
    @Headers('x-support-key') key: string | undefined,
    @Body(validate(loginAsUserSchema)) body: InferType<typeof loginAsUserSchema>,
    @RequestMeta() meta: RequestMetaValue,
  ): Promise<{ link: string }> {
    const expected = process.env.SUPPORT_API_KEY;
    if (!expected) throw new AppError('REQUEST.NOT_FOUND', MESSAGES.notFound);
    if (!key || !sameSecret(key, expected)) throw new AppError('AUTH.FORBIDDEN', MESSAGES.forbidden);
    const link = await this.kit.ds.transaction((tx) => mintLoginAsLink(tx, this.config.publicUrl, { ...body, via: 'api', ip: meta.ip, requestId: meta.requestId }));
    return { link };
  }

  /** GET /api/auth/login-as-user/{token} (and loginWithPhoneUser/{token}): the single-use token becomes a session. */
  @Public()
  @Get(['auth/login-as-user/:token', 'auth/loginWithPhoneUser/:token'])
  async loginAs(@Param('token') token: string, @RequestMeta() meta: RequestMetaValue): Promise<LoginResponse> {
    return this.kit.ds.transaction(async (tx) => {
      const link = await this.links.consume(tx, token, ['LOGIN_AS', 'PHONE_LOGIN']);
      const user = await this.sessions.findUser(tx, { id: link.userId });
      if (!user) throw new AppError('AUTH.UNAUTHENTICATED', MESSAGES.invalidLoginAsToken);
      await this.kit.audit.record(tx, { actorId: user.id, action: `auth.login-by-${link.purpose.toLowerCase().replace('_', '-')}`, resourceType: 'user', resourceId: user.id, subjectId: user.id, ip: meta.ip, requestId: meta.requestId });
      return this.sessions.open(tx, user, false);
    });
  }

  /** POST /api/auth/phoneLogin {countryCode, phone}: mails a sign-in link to the account with that number; the answer never tells. */
  @Public()
  @Post('auth/phoneLogin')
  @HttpCode(200)
  async phoneLogin(@Body(validate(phoneLoginSchema)) body: InferType<typeof phoneLoginSchema>, @RequestMeta() meta: RequestMetaValue) {
    this.limit.hit('phone', `${body.countryCode}${body.phone}`);
    const [user]: Array<{ id: string; email: string; firstName: string }> = await this.kit.ds.query(
      `SELECT u.id, u.email, u.first_name AS "firstName" FROM auth.persons p JOIN auth.users u ON u.person_id = p.id WHERE p.country_code = $1 AND p.phone = $2 LIMIT 1`,
      [body.countryCode, body.phone],
    );
    if (user) await this.links.mail(user, 'PHONE_LOGIN', { actorId: null, action: 'auth.phone-login-link-sent', meta });
    return { message: MESSAGES.phoneLoginSent };
  }
}
