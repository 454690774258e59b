import { Inject, Injectable } from '@nestjs/common';
import { GROUP_PERMISSION_TEXT, type GroupMemberRole, type GroupPermission } from '@portal/contracts';
import { CONFIG, logger, MailService, type PortalConfig } from '@portal/server-kit';
import { orderedPermissions } from './membership.repository';

/** Where the invited person answers (the legacy page of the spec, in both route tables). */
export const PENDING_APPROVAL_PATH = '/pendingApproval';

/** Who is mailed and what the invitation or reminder is about. */
export interface InvitationMail {
  to: string;
  firstName: string;
  role: GroupMemberRole;
  permissions: GroupPermission[];
  expiresAt: Date | null;
  groupName: string;
  inviterName: string;
  /** The address belongs to an account whose holder proved it: the invitation is waiting there. */
  linked: boolean;
  /** An account holds the address but its owner has not proved it yet. */
  unprovedAccount: boolean;
}

const ROLE_WORDS: Record<GroupMemberRole, string> = {
  PATIENT: 'a patient',
  MEDICAL_COORDINATOR: 'a medical coordinator',
  GROUP_ADMIN: 'a group admin',
};

const day = (d: Date) => new Date(d).toISOString().slice(0, 10);

/** The permissions in words, one line each. */
export const permissionLines = (permissions: readonly GroupPermission[]): string =>
  orderedPermissions(permissions)
    .map((p) => `- ${GROUP_PERMISSION_TEXT[p].name}: ${GROUP_PERMISSION_TEXT[p].description}`)
    .join('\n');

/**
 * The groups context's mails: the invitation (sent on every invite and resend: the person asked for
 * nothing yet, so no notification setting applies) and the reminder before a membership ends. They go
 * after the change has committed; a failed send is logged, never undone.
 */
@Injectable()
export class GroupMails {
  constructor(
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'publicUrl'>,
    private readonly mailer: MailService,
  ) {}

  url(path: string): string {
    return new URL(path, this.config.publicUrl).toString();
  }

  /** The link of an invitation: the answer page, or sign-up with the address for someone with no account. */
  invitationUrl(m: Pick<InvitationMail, 'linked' | 'unprovedAccount' | 'to'>): string {
    return m.linked || m.unprovedAccount
      ? this.url(PENDING_APPROVAL_PATH)
      : this.url(`/signup?email=${encodeURIComponent(m.to)}`);
  }

  async invitation(m: InvitationMail): Promise<void> {
    const asks =
      m.role === 'PATIENT'
        ? `The group asks your consent to do this for you:\n${permissionLines(m.permissions)}\n\nNothing is shared until you accept, and you can leave the group at any time from your settings.`
        : m.permissions.length
          ? `You will be able to do this for the group's patients who consent to it:\n${permissionLines(m.permissions)}`
          : 'A group admin will choose what you may do for the group\u2019s patients.';
    const how = m.linked
      ? `Sign in to accept or reject the invitation: ${this.invitationUrl(m)}`
      : m.unprovedAccount
        ? `Confirm your email address first (Settings, 'Send the link again'), then sign in to answer: ${this.invitationUrl(m)}`
        : `Create your account with this email address to answer the invitation: ${this.invitationUrl(m)}`;
    await this.send({
      to: m.to,
      subject: `${m.inviterName} invited you to ${m.groupName}`,
      text:
        `Hello${m.firstName ? ` ${m.firstName}` : ''},\n\n${m.inviterName} invited you to join ${m.groupName} on the Patient Portal as ${ROLE_WORDS[m.role]}.\n\n` +
        `${asks}\n\n` +
        (m.expiresAt ? `The membership ends on ${day(m.expiresAt)}.\n\n` : '') +
        `${how}\n\nIf you do not know this group, ignore this mail: nothing happens unless you accept.\n\nThe Patient Portal team\n`,
    });
  }

  async expiryReminder(m: {
    to: string;
    firstName: string;
    groupName: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.send({
      to: m.to,
      subject: `Your membership of ${m.groupName} ends on ${day(m.expiresAt)}`,
      text:
        `Hello${m.firstName ? ` ${m.firstName}` : ''},\n\nYour membership of ${m.groupName} on the Patient Portal ends on ${day(m.expiresAt)}. ` +
        `After that day the group can no longer act for you, and you for it.\n\n` +
        `To keep it, ask the group to extend it. Sign in: ${this.url('/login')}\n\nThe Patient Portal team\n`,
    });
  }

  private async send(message: { to: string; subject: string; text: string }): Promise<void> {
    await this.mailer
      .send(message)
      .catch((err: Error) =>
        logger.warn({ err: err.message, subject: message.subject }, 'groups mail failed'),
      );
  }
}
