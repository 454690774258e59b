import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CHALLENGE_NEW_PASSWORD, loginSchema, MESSAGES, type LoginResponse } from '@portal/contracts';
import { AppError, type ContextKit, InjectContext, Public, RequestMeta, type RequestMetaValue, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { SessionService, toUserRole } from '../session/session.service';
import { verifyPassword } from '../tokens/passwords';

/** Failed sign-ins an account may take in an hour (spec of the accounts issue). */
export const MAX_FAILED_LOGINS_PER_HOUR = 100;

/**
 * Failures of the last hour that came after the last password change: setting a new password through
 * the mailed link lifts the limit at once, so an attacker who keeps failing cannot lock the owner out.
 */
const RECENT_FAILURES_SQL = `
  SELECT count(*)::int AS n, extract(epoch FROM min(at) + interval '1 hour' - now())::int AS retry
  FROM auth.audit_log
  WHERE subject_id = $1 AND action = 'auth.login-failed' AND at > now() - interval '1 hour'
    AND at > coalesce((SELECT max(at) FROM auth.audit_log WHERE subject_id = $1 AND action = 'auth.password-set'), '-infinity')`;

@ApiTags('auth')
@Controller('auth')
export class LoginController {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly sessions: SessionService,
  ) {}

  /** POST /api/auth/login: username, password, remember → token, role, userId, challenge, user data. */
  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@Body(validate(loginSchema)) body: InferType<typeof loginSchema>, @RequestMeta() meta: RequestMetaValue): Promise<LoginResponse | object> {
    const email = body.username.toLowerCase();
    const user = await this.sessions.findUser(this.kit.ds.manager, { email });
    // The challenge needs no password: the account has none yet, so the user must set one.
    if (user && user.passwordHash === null) {
      return { token: null, role: toUserRole(user.activeRole, true), userId: user.id, challenge: CHALLENGE_NEW_PASSWORD, user: null };
    }
    if (user) await this.refuseWhenTooManyFailures(user.id);
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

  private async refuseWhenTooManyFailures(userId: string): Promise<void> {
    const [{ n, retry }]: Array<{ n: number; retry: number | null }> = await this.kit.ds.query(RECENT_FAILURES_SQL, [userId]);
    if (n >= MAX_FAILED_LOGINS_PER_HOUR) {
      throw new AppError('AUTH.TOO_MANY_ATTEMPTS', MESSAGES.tooManyAttempts, undefined, { 'retry-after': String(Math.max(1, retry ?? 3600)) });
    }
  }
}
