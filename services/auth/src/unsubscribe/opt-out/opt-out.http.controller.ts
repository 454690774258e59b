import { Body, Controller, Get, Header, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, MESSAGES, optOutQuery, unsubscribeSchema } from '@portal/contracts';
import { AppError, type Caller, Consumes, Public, RequestCaller, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { escapeHtml } from '../../notices/mail-text';
import { BotCheck } from '../bot-check';
import { OptOut } from './opt-out';
import { ONE_CLICK_LIMIT, ONE_CLICK_TYPES } from '../one-click-body';

/** Both opt-out routes answer pages (their errors too): mail clients and browsers show them. */
const answersHtml = ApiOkResponse({
  description: 'An HTML page',
  content: { 'text/html': { schema: { type: 'string' } } },
});

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unsubscribe</title></head><body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">${body}</body></html>`;

/** Opting out of notification mail: the unsubscribe page's calls, and the RFC 8058 one-click page of mail clients. */
@ApiTags('subscriptions')
@Controller()
export class OptOutController {
  constructor(
    private readonly optOut: OptOut,
    private readonly botCheck: BotCheck,
  ) {}

  /** GET /api/subscriptions/challenge: the bot check's challenge. */
  @Public()
  @Get(apiRoute(AUTH_API.unsubscribeChallenge))
  @Header('cache-control', 'no-store')
  challenge() {
    return this.botCheck.challenge();
  }

  /** POST /api/subscriptions {email: <unsubscribe id>, recaptchaToken}: answers "OK". */
  @Public()
  @Post(apiRoute(AUTH_API.unsubscribe))
  @HttpCode(200)
  @Header('content-type', 'application/json; charset=utf-8')
  async unsubscribe(
    @Body(validate(unsubscribeSchema)) body: InferType<typeof unsubscribeSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<string> {
    return JSON.stringify(await this.optOut.fromPage(body.email, body.recaptchaToken, caller));
  }

  /** GET /api/pages/opt-out?id=: the page a mail client's unsubscribe link opens, with a one-click form. */
  @Public()
  @answersHtml
  @Get(apiRoute(AUTH_API.optOutPage))
  optOutPage(
    @Query(validate(optOutQuery)) { id }: InferType<typeof optOutQuery>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): string {
    const known = this.optOut.isKnown(id);
    reply.type('text/html; charset=utf-8').code(known ? 200 : 400);
    return page(
      known
        ? `<h1>Unsubscribe</h1><p>${MESSAGES.unsubscribeQuestion}</p><form method="post" action="${AUTH_API.optOutPage}?id=${encodeURIComponent(id)}"><button type="submit">Confirm</button></form>`
        : `<h1>${MESSAGES.invalidToken}</h1>`,
    );
  }

  /** POST /api/pages/opt-out?id=: RFC 8058 one-click unsubscribe; errors answer as HTML pages too. */
  @Public()
  @answersHtml
  @Post(apiRoute(AUTH_API.optOutPage))
  @Consumes(ONE_CLICK_TYPES, ONE_CLICK_LIMIT)
  @HttpCode(200)
  async optOutOneClick(
    @Query(validate(optOutQuery)) { id }: InferType<typeof optOutQuery>,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    reply.type('text/html; charset=utf-8');
    try {
      await this.optOut.execute(id, caller, 'one-click');
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      reply.code(e.status);
      return page(`<h1>${escapeHtml(e.message)}</h1>`);
    }
    return page(`<h1>${escapeHtml(MESSAGES.optedOut)}</h1><p>${escapeHtml(MESSAGES.optedOutText)}</p>`);
  }
}
