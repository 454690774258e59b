import { Inject, Injectable } from '@nestjs/common';
import { formatMoney } from '@portal/contracts';
import { CONFIG, logger, MailService, type PortalConfig } from '@portal/server-kit';

/** A mail to send once the change that calls for it has committed. */
export interface BillingMail {
  to: string;
  firstName: string;
  kind: 'payment-failed' | 'plan-ended';
  amountCents?: number;
  currency?: string;
  nextAttemptAt?: Date | null;
}

const day = (d: Date) => new Date(d).toISOString().slice(0, 10);

/**
 * The dunning mails: a reminder after each failed renewal attempt (with the next try and the link to
 * fix the card), and the notice when the plan has ended. A failed send is logged, never undone.
 */
@Injectable()
export class BillingMails {
  constructor(
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'publicUrl'>,
    private readonly mailer: MailService,
  ) {}

  private get subscriptionUrl(): string {
    return new URL('/subscription', this.config.publicUrl).toString();
  }

  async send(m: BillingMail): Promise<void> {
    const hello = `Hello${m.firstName ? ` ${m.firstName}` : ''},\n\n`;
    const mail =
      m.kind === 'payment-failed'
        ? {
            subject: 'We could not take the payment for your storage plan',
            text:
              hello +
              `The payment of ${formatMoney(m.amountCents ?? 0, m.currency ?? 'usd')} for your storage plan did not go through. ` +
              (m.nextAttemptAt
                ? `We will try your card again on ${day(m.nextAttemptAt)}. `
                : 'This was the last try. ') +
              `Update your card so your plan stays active: ${this.subscriptionUrl}\n\n` +
              'Your records stay yours whatever happens: you can always view, download and share them.\n\nThe Patient Portal team\n',
          }
        : {
            subject: 'Your storage plan has ended',
            text:
              hello +
              'Your storage plan is no longer active, so new uploads are paused. Everything you have stored stays yours to view, download, share and export.\n\n' +
              `You can start a plan again at any time: ${this.subscriptionUrl}\n\nThe Patient Portal team\n`,
          };
    await this.mailer
      .send({ to: m.to, ...mail })
      .catch((err: unknown) => logger.warn({ err, kind: m.kind }, 'billing mail not sent'));
  }
}
