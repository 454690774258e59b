import { Inject, Injectable } from '@nestjs/common';
import { MEETING_OPENS_MINUTES_BEFORE } from '@portal/contracts';
import { CONFIG, logger, MailService, type PortalConfig, type Queryable } from '@portal/server-kit';
import { FacilityRepository } from './facility.repository';

/** '2026-12-01T09:30:00.000Z' as 'Tuesday, 1 December 2026, 09:30 UTC'. */
export const mailTime = (at: Date): string =>
  `${at.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}, ${at
    .toISOString()
    .slice(11, 16)} UTC`;

/**
 * The mails of whole body scans, to the patient's proved address (auth's events) or, for the patient's
 * own call, the token's. They name the facility and dates only: no finding or note in a mailbox. A mail
 * that cannot be sent is logged, never undoes what was done.
 */
@Injectable()
export class ScanMails {
  constructor(
    private readonly mailer: MailService,
    private readonly facilities: FacilityRepository,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'publicUrl'>,
  ) {}

  private async send(db: Queryable, userId: string, fallback: string | null, subject: string, text: string) {
    const to = (await this.facilities.recipient(db, userId).catch(() => null)) ?? fallback;
    if (!to) return logger.warn({ subject }, 'whole body scan mail has no recipient');
    await this.mailer
      .send({ to, subject, text: `Hello,\n\n${text}\n\nThe Patient Portal team\n` })
      .catch((err: Error) => logger.warn({ err: err.message, subject }, 'whole body scan mail failed'));
  }

  scanPublished(db: Queryable, userId: string, s: { facility: string; scanDate: string }): Promise<void> {
    return this.send(
      db,
      userId,
      null,
      'Your whole body scan results are available',
      `${s.facility} has published the results of your whole body scan of ${s.scanDate}. Sign in to the Patient Portal to read them under My Records, Whole Body Scans.\n\n${this.config.publicUrl}/patient/my-records`,
    );
  }

  consultationRequested(
    db: Queryable,
    userId: string,
    tokenEmail: string | null,
    s: { facility: string; scanDate: string },
  ): Promise<void> {
    return this.send(
      db,
      userId,
      tokenEmail,
      'We received your consultation request',
      `We have sent your request for a consultation about your whole body scan of ${s.scanDate} to ${s.facility}. You will receive an e-mail with the time and the link of your video meeting once they have scheduled it.`,
    );
  }

  meetingScheduled(
    db: Queryable,
    userId: string,
    s: { facility: string; start: Date; durationMinutes: number; link: string },
  ): Promise<void> {
    return this.send(
      db,
      userId,
      null,
      'Your whole body scan consultation is scheduled',
      `${s.facility} has scheduled your video consultation about your whole body scan.\n\nWhen: ${mailTime(s.start)} (${s.durationMinutes} minutes)\nJoin with your own link: ${this.config.publicUrl}${s.link}\n\nThe link opens ${MEETING_OPENS_MINUTES_BEFORE} minutes before the start and works only when you are signed in as yourself.`,
    );
  }
}
