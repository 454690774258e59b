import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, BILLING_API } from '@portal/contracts';
import { Consumes, Public } from '@portal/server-kit';
import type { FastifyRequest } from 'fastify';
import { webhookRefused } from '../../billing.errors';
import { rawBodyOf } from '../raw-body';
import { ReceiveWebhook } from './receive-webhook';

/** Stripe's events are small; a body past this is not one of them. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

@ApiTags('subscription')
@Controller()
export class ReceiveWebhookController {
  constructor(private readonly receive: ReceiveWebhook) {}

  /** POST /api/subscription/processorWebhook (the processor, signed): applies an event once. */
  @ApiOperation({ summary: 'The payment processor’s signed events (Stripe webhooks)' })
  @Public()
  @HttpCode(200)
  @Consumes('application/json', WEBHOOK_BODY_LIMIT)
  @Post(apiRoute(BILLING_API.processorWebhook))
  run(
    @Req() req: FastifyRequest,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; applied: boolean }> {
    const raw = rawBodyOf(req);
    if (!raw) throw webhookRefused();
    return this.receive.execute(raw, signature);
  }
}
