import { Inject, Injectable } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { CONFIG } from '../tokens';
import type { PortalConfig } from '../config';
import { logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, for example List-Unsubscribe on notification mails. */
  headers?: Record<string, string>;
}

/**
 * Mail through nodemailer to SMTP_URL; without it, to the embedded capture server that the
 * gateway runs (dev inbox at /dev/inbox).
 */
@Injectable()
export class MailService {
  private readonly transport: Transporter;

  constructor(@Inject(CONFIG) private readonly config: PortalConfig) {
    this.transport = nodemailer.createTransport(
      config.smtpUrl ?? { host: '127.0.0.1', port: config.smtpCapturePort, secure: false, ignoreTLS: true },
    );
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.config.mailFrom, ...message });
    logger.info({ subject: message.subject }, 'mail sent');
  }
}
