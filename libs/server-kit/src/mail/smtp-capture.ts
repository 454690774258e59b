import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import type { Pool } from 'pg';
import { logger } from '../logger';

export interface CapturedMail {
  id: number;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
  receivedAt: string;
}

const SCHEMA = 'devmail';

/**
 * The embedded SMTP server of development and tests: it accepts every message and keeps it in
 * PostgreSQL, so the dev inbox page and the end-to-end tests read real mail that went over SMTP.
 */
export class SmtpCapture {
  private server?: SMTPServer;

  constructor(
    private readonly pool: Pool,
    private readonly ownsPool = false,
  ) {
    // An idle connection the server ends (restart, dropped database) must not take the process down.
    pool.on('error', (err) => logger.warn({ err: err.message }, 'mail capture database connection lost'));
  }

  async start(port: number): Promise<void> {
    await this.pool.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`).catch(() => undefined);
    await this.pool.query(`CREATE TABLE IF NOT EXISTS ${SCHEMA}.messages (
      id bigserial PRIMARY KEY, recipients text[] NOT NULL, sender text NOT NULL, subject text NOT NULL,
      text_body text NOT NULL, html_body text, raw text NOT NULL, received_at timestamptz NOT NULL DEFAULT now())`);
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          void this.store(
            Buffer.concat(chunks),
            session.envelope.rcptTo.map((r) => r.address),
          )
            .then(() => callback())
            .catch((err: Error) => callback(err));
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    logger.info({ port }, 'SMTP capture listening');
  }

  private async store(raw: Buffer, recipients: string[]): Promise<void> {
    const mail = await PostalMime.parse(raw);
    await this.pool.query(
      `INSERT INTO ${SCHEMA}.messages (recipients, sender, subject, text_body, html_body, raw) VALUES ($1,$2,$3,$4,$5,$6)`,
      [
        recipients.map((r) => r.toLowerCase()),
        mail.from?.address ?? '',
        mail.subject ?? '',
        mail.text ?? '',
        mail.html ?? null,
        raw.toString('utf8'),
      ],
    );
  }

  async list(to?: string, limit = 50): Promise<CapturedMail[]> {
    const { rows } = await this.pool.query(
      `SELECT id, recipients AS "to", sender AS "from", subject, text_body AS text, html_body AS html, received_at AS "receivedAt"
       FROM ${SCHEMA}.messages WHERE $1::text IS NULL OR $1 = ANY(recipients) ORDER BY id DESC LIMIT $2`,
      [to?.toLowerCase() ?? null, limit],
    );
    return rows;
  }

  /** Stops listening; the pool belongs to whoever made this capture, unless `ownsPool`. */
  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
    if (this.ownsPool) await this.pool.end();
  }
}
