import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CHALLENGE_NEW_PASSWORD, loginSchema, MESSAGES, type LoginResponse } from '@portal/contracts';
import { AppError, type ContextKit, InjectContext, Public, RequestMeta, type RequestMetaValue, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { SessionService, toUserRole } from '../session/session.service';
import { verifyPassword } from '../tokens/passwords';
import { refuseWhenTooManyFailures } from './failed-logins';
import { AccountRateLimit } from '../limits/account-rate-limit';

@ApiTags('auth')
@Controller('auth')
export class LoginController {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly sessions: SessionService,
    private readonly limit: AccountRateLimit,
  ) {}

  /** POST /api/auth/login: username, password, remember → token, role, userId, challenge, user data. */
  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@Body(validate(loginSchema)) body: InferType<typeof loginSchema>, @RequestMeta() meta: RequestMetaValue): Promise<LoginResponse | object> {
    const email = body.username.toLowerCase();
    this.limit.hit('login', email);
    const user = await this.sessions.findUser(this.kit.ds.manager, { email });
    // The challenge needs no password: the account has none yet, so the user must set one.
    if (user && user.passwordHash === null) {
      return { token: null, role: toUserRole(user.activeRole, true), userId: user.id, challenge: CHALLENGE_NEW_PASSWORD, user: null };
    }
    if (user) await refuseWhenTooManyFailures(this.kit, user.id);
    const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
    await this.kit.audit.record(this.kit.ds, {
      actorId: user?.id ?? null,
      action: ok ? 'auth.login' : 'auth.login-failed',
      resourceType: 'user',
      resourceId: user?.id ?? null,
      subjectId: user?.id ?? null,
      ip: meta.ip,
      requestId: meta.requestId,
    });
    if (!user || !ok) throw new AppError('AUTH.INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
    return this.kit.ds.transaction((tx) => this.sessions.open(tx, user, body.remember ?? false));
  }
}
