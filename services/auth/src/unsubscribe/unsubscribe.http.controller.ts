import { Body, Controller, Get, Header, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import { IDENTITY_API, MESSAGES, unsubscribeSchema } from '@portal/contracts';
import { AppError, type ContextKit, InjectContext, Public, RequestMeta, type RequestMetaValue, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { escapeHtml } from '../notices/mail-text';
import { Secrets } from '../notices/secrets';
import { NotificationSettingsService } from '../notification-settings/notification-settings.service';
import { BotCheck } from './bot-check';

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unsubscribe</title></head><body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">${body}</body></html>`;

/** Opting out of notification mail: the signed id of a mail's link, plus a bot check on the page (decision 0009). */
@ApiTags('subscriptions')
@Controller()
export class UnsubscribeController {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly secrets: Secrets,
    private readonly botCheck: BotCheck,
    private readonly settings: NotificationSettingsService,
  ) {}

  /** GET /api/subscriptions/challenge: the bot check's challenge. */
  @Public()
  @Get('subscriptions/challenge')
  @Header('cache-control', 'no-store')
  challenge() {
    return this.botCheck.challenge();
  }

  /** POST /api/subscriptions {email: <unsubscribe id>, recaptchaToken}: answers "OK". */
  @Public()
  @Post('subscriptions')
  @HttpCode(200)
  @Header('content-type', 'application/json; charset=utf-8')
  async unsubscribe(@Body(validate(unsubscribeSchema)) body: InferType<typeof unsubscribeSchema>, @RequestMeta() meta: RequestMetaValue): Promise<string> {
    if (!(await this.botCheck.passes(body.recaptchaToken))) throw new AppError('REQUEST.VALIDATION_FAILED', MESSAGES.recaptchaFailed);
    await this.optOut(body.email, meta, 'page');
    return JSON.stringify('OK');
  }

  /** GET /api/pages/opt-out?id=: the page a mail client's unsubscribe link opens, with a one-click form. */
  @Public()
  @Get('pages/opt-out')
  optOutPage(@Query('id') id = '', @Res({ passthrough: true }) reply: FastifyReply): string {
    const known = this.secrets.emailOfUnsubscribeId(id) !== null;
    reply.type('text/html; charset=utf-8').code(known ? 200 : 400);
    return page(
      known
        ? `<h1>Unsubscribe</h1><p>${MESSAGES.unsubscribeQuestion}</p><form method="post" action="${IDENTITY_API.optOutPage}?id=${encodeURIComponent(id)}"><button type="submit">Confirm</button></form>`
        : `<h1>${MESSAGES.invalidToken}</h1>`,
    );
  }

  /** POST /api/pages/opt-out?id=: RFC 8058 one-click unsubscribe; the signed id is the proof. */
  @Public()
  @Post('pages/opt-out')
  @HttpCode(200)
  async optOutOneClick(@Query('id') id = '', @RequestMeta() meta: RequestMetaValue, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    reply.type('text/html; charset=utf-8');
    try {
      await this.optOut(id, meta, 'one-click');
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      reply.code(e.status);
      return page(`<h1>${escapeHtml(e.message)}</h1>`);
    }
    return page(`<h1>${escapeHtml(MESSAGES.optedOut)}</h1><p>${escapeHtml(MESSAGES.optedOutText)}</p>`);
  }

  private async optOut(id: string, meta: RequestMetaValue, via: string): Promise<void> {
    const email = this.secrets.emailOfUnsubscribeId(id);
    const [user]: Array<{ id: string; email: string }> = email ? await this.kit.ds.query(`SELECT id, email FROM auth.users WHERE email = $1`, [email]) : [];
    if (!user) throw new AppError('REQUEST.VALIDATION_FAILED', MESSAGES.invalidToken);
    await this.kit.events.transaction(async (tx) => {
      await this.settings.allOff(tx, user);
      await tx.query(`UPDATE auth.users SET opted_out_at = now() WHERE id = $1`, [user.id]);
      await this.kit.audit.record(tx, { actorId: null, action: 'auth.unsubscribed', resourceType: 'user', resourceId: user.id, subjectId: user.id, ip: meta.ip, requestId: meta.requestId, detail: { via } });
    });
  }
}
