import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MESSAGES, PATHS } from '@portal/contracts';
import { AppError, CONFIG, MailService, type PortalConfig } from '@portal/server-kit';
import { PasswordTokenEntity } from '../entities';
import { randomToken, sha256 } from '../tokens/token.service';

export type LinkPurpose = 'SET_PASSWORD' | 'RESET_PASSWORD';

const TTL_HOURS: Record<LinkPurpose, number> = { SET_PASSWORD: 24, RESET_PASSWORD: 1 };
const SUBJECT: Record<LinkPurpose, string> = {
  SET_PASSWORD: 'Set your Patient Portal password',
  RESET_PASSWORD: 'Reset your Patient Portal password',
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Single-use password links: 256 random bits mailed, only their hash stored, with an expiry. A new
 * link of a purpose replaces the older unused ones, so only the latest mail works.
 */
@Injectable()
export class PasswordLinks {
  constructor(
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly mail: MailService,
  ) {}

  /** Stores the link in the caller's transaction and returns a function that mails it after commit. */
  async issue(tx: EntityManager, user: { id: string; email: string; firstName: string }, purpose: LinkPurpose): Promise<() => Promise<void>> {
    const token = randomToken();
    const repo = tx.getRepository(PasswordTokenEntity);
    await tx.query(`UPDATE auth.password_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [user.id, purpose]);
    await repo.insert({ id: randomUUID(), userId: user.id, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + TTL_HOURS[purpose] * 3600_000) });
    const link = `${this.config.publicUrl}${PATHS.new.resetPassword}?token=${token}`;
    const hours = TTL_HOURS[purpose];
    const intro = purpose === 'SET_PASSWORD' ? 'Your account was created. Set your password with this link' : 'Reset your password with this link';
    return () =>
      this.mail.send({
        to: user.email,
        subject: SUBJECT[purpose],
        text: `Hello ${user.firstName},\n\n${intro} (valid for ${hours} hour${hours > 1 ? 's' : ''}):\n${link}\n\nIf you did not ask for this, ignore this mail.\n`,
        html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>${intro} (valid for ${hours} hour${hours > 1 ? 's' : ''}): <a href="${link}">${link}</a></p><p>If you did not ask for this, ignore this mail.</p>`,
      });
  }

  /** The live link of a token, locked for the caller's transaction; an unknown, used or expired one is refused. */
  async find(tx: EntityManager, token: string): Promise<PasswordTokenEntity> {
    const row = await tx
      .getRepository(PasswordTokenEntity)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.token_hash = :h', { h: sha256(token) })
      .andWhere("t.purpose IN ('SET_PASSWORD', 'RESET_PASSWORD')")
      .getOne();
    if (!row || row.usedAt || row.expiresAt < new Date()) {
      const message = row?.purpose === 'RESET_PASSWORD' ? MESSAGES.forgotPasswordTokenExpired : MESSAGES.linkNoLongerValid;
      throw new AppError('AUTH.LINK_EXPIRED', message);
    }
    return row;
  }
}
