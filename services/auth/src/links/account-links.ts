import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ACCOUNT_REMOVAL_TTL_HOURS,
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_VERIFICATION_TTL_HOURS,
  LOGIN_AS_TTL_MINUTES,
  PATHS,
  UNLISTED_FACILITY_LINK_TTL_DAYS,
} from '@portal/contracts';
import {
  type Caller,
  CONFIG,
  InjectContext,
  MailService,
  type PortalConfig,
  type Queryable,
  type UseCaseKit,
} from '@portal/server-kit';
import { invalidLoginAsToken, linkNoLongerValid } from '../auth.errors';
import { randomToken, sha256 } from '../sessions/random-token';
import { escapeHtml, greeting } from '../notices/mail-text';
import { AccountLinkRepository, type AccountLinkRow } from './account-link.repository';

export type LinkPurpose =
  | 'SET_PASSWORD'
  | 'RESET_PASSWORD'
  | 'EMAIL_CHANGE'
  | 'VERIFY_EMAIL'
  | 'ACCOUNT_REMOVAL'
  | 'LOGIN_AS'
  | 'PHONE_LOGIN'
  | 'FACILITY_ACCESS';
/** The links that set a password: using one uses up the others. */
export const PASSWORD_LINKS: LinkPurpose[] = ['SET_PASSWORD', 'RESET_PASSWORD'];

interface PurposeRule {
  minutes: number;
  path: string;
  /** Mail subject and the sentence before the link; no mail for links handed to an operator. */
  mail?: { subject: string; intro: string };
}

const PURPOSES: Record<LinkPurpose, PurposeRule> = {
  SET_PASSWORD: {
    minutes: 24 * 60,
    path: PATHS.new.resetPassword,
    mail: {
      subject: 'Set your Patient Portal password',
      intro: 'Your account was created. Set your password with this link',
    },
  },
  RESET_PASSWORD: {
    minutes: 60,
    path: PATHS.new.resetPassword,
    mail: { subject: 'Reset your Patient Portal password', intro: 'Reset your password with this link' },
  },
  EMAIL_CHANGE: {
    minutes: EMAIL_CHANGE_TTL_HOURS * 60,
    path: '/email-updated-success',
    mail: {
      subject: 'Confirm your new Patient Portal email address',
      intro: 'Confirm that this is your new email address with this link',
    },
  },
  VERIFY_EMAIL: {
    minutes: EMAIL_VERIFICATION_TTL_HOURS * 60,
    path: PATHS.new.verifyEmail,
    // Anyone may sign up with any address: the mail says so, so that its owner does not confirm a stranger's account.
    mail: {
      subject: 'Confirm your Patient Portal email address',
      intro:
        'A Patient Portal account was created with this email address. If it was you, confirm the address with this link',
    },
  },
  ACCOUNT_REMOVAL: {
    minutes: ACCOUNT_REMOVAL_TTL_HOURS * 60,
    path: '/account-removal',
    mail: {
      subject: 'Confirm the removal of your Patient Portal account',
      intro: 'Confirm that you want your account removed with this link',
    },
  },
  LOGIN_AS: { minutes: LOGIN_AS_TTL_MINUTES, path: '/loginAs' },
  PHONE_LOGIN: {
    minutes: 15,
    path: '/loginAs',
    mail: { subject: 'Your Patient Portal sign-in link', intro: 'Sign in with this link' },
  },
  // The one-time account of a facility a patient named (issue 24); OpenFacilityAccount writes its own mail.
  FACILITY_ACCESS: { minutes: UNLISTED_FACILITY_LINK_TTL_DAYS * 24 * 60, path: '/loginAs' },
};

const validity = (minutes: number) =>
  minutes >= 60 ? `${minutes / 60} hour${minutes > 60 ? 's' : ''}` : `${minutes} minutes`;

/**
 * Stores a new link of a purpose for a user inside the caller's transaction and answers its URL. The
 * token is 256 random bits; only its hash is kept, and older unused links of the purpose die. A plain
 * function over the repository, so the support CLI (bin/login-as.cjs) stores links the same way.
 */
export const storeLink = async (
  repo: AccountLinkRepository,
  tx: Queryable,
  publicUrl: string,
  userId: string,
  purpose: LinkPurpose,
  payload: Record<string, unknown> | null = null,
): Promise<string> => {
  const rule = PURPOSES[purpose];
  const token = randomToken();
  await repo.retire(tx, userId, [purpose]);
  await repo.insert(tx, {
    id: randomUUID(),
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + rule.minutes * 60_000),
    payload,
  });
  return `${publicUrl}${rule.path}?token=${token}`;
};

export interface IssuedLink {
  link: string;
  /** Mails the link; call it after the transaction that stored it has committed. */
  send: () => Promise<void>;
}

/**
 * Single-use links for every account flow, each purpose with its lifetime, page and mail; a new link
 * of a purpose replaces the older unused ones, so only the latest mail works.
 */
@Injectable()
export class AccountLinks {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly mailer: MailService,
    private readonly links: AccountLinkRepository,
  ) {}

  /**
   * A link on its own: stored in one transaction with the audit row of who asked for it (the caller;
   * nobody when not signed in), then mailed once that has committed.
   */
  async mail(
    user: { id: string; email: string; firstName: string },
    purpose: LinkPurpose,
    audit: { caller: Caller; action: string },
    options: { payload?: Record<string, unknown>; to?: string } = {},
  ): Promise<void> {
    const issued = await this.kit.transaction(async (tx) => {
      await this.kit.audit.record(tx, audit.caller, {
        action: audit.action,
        resourceType: 'user',
        resourceId: user.id,
        subjectId: user.id,
      });
      return this.issue(tx, user, purpose, options);
    });
    await issued.send();
  }

  async issue(
    tx: Queryable,
    user: { id: string; email: string; firstName: string },
    purpose: LinkPurpose,
    options: { payload?: Record<string, unknown>; to?: string } = {},
  ): Promise<IssuedLink> {
    const rule = PURPOSES[purpose];
    const link = await storeLink(this.links, tx, this.config.publicUrl, user.id, purpose, options.payload);
    const mail = rule.mail;
    const send = async () => {
      if (!mail) return;
      const valid = `valid for ${validity(rule.minutes)}`;
      await this.mailer.send({
        to: options.to ?? user.email,
        subject: mail.subject,
        text: `${greeting(user.firstName)}\n\n${mail.intro} (${valid}):\n${link}\n\nIf you did not ask for this, ignore this mail.\n`,
        html: `<p>${escapeHtml(greeting(user.firstName))}</p><p>${mail.intro} (${valid}): <a href="${link}">${link}</a></p><p>If you did not ask for this, ignore this mail.</p>`,
      });
    };
    return { link, send };
  }

  /**
   * The live link of a token for one of the purposes, locked for the caller's transaction and used up
   * in it; an unknown, used or expired one is refused with the purpose's own message.
   */
  async consume(
    tx: Queryable,
    token: string,
    purposes: LinkPurpose[],
    options: { userId?: string; peek?: boolean } = {},
  ): Promise<AccountLinkRow> {
    const row = await this.links.lockByHash(tx, sha256(token), purposes);
    if (!row || row.usedAt || row.expiresAt < new Date() || (options.userId && row.userId !== options.userId))
      throw refusal(row?.purpose ?? purposes[0]);
    if (!options.peek) await this.links.markUsed(tx, row.id);
    return row;
  }

  /** Uses up every unused link of these purposes of a user (a password set by one kills the others). */
  retire(tx: Queryable, userId: string, purposes: LinkPurpose[]): Promise<void> {
    return this.links.retire(tx, userId, purposes);
  }
}

const refusal = (purpose: string) =>
  purpose === 'LOGIN_AS' || purpose === 'PHONE_LOGIN' || purpose === 'FACILITY_ACCESS'
    ? invalidLoginAsToken()
    : linkNoLongerValid(purpose);
