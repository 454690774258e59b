import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type Tx, type UseCaseKit } from '@portal/server-kit';
import { viewerLinkTaken } from '../../sharing.errors';
import { hashLinkPassword } from '../link-password';
import { toLinkSaved } from '../viewer-link.mapper';
import { ViewerLinkRepository, type ViewerLinkStudy } from '../viewer-link.repository';

export interface NewViewerLink {
  /** Chosen only by internal callers (the demo seed's documented ids); otherwise a random 128-bit id. */
  id?: string;
  ownerUserId: string;
  studies: ViewerLinkStudy[];
  /** null or absent: the link opens without a password. */
  password?: string | null;
  expiresAt?: Date | null;
  /** What it was made for (the printed access page, a facility) and for whom. */
  purpose?: 'print-access-page' | 'facility' | 'link' | 'health-link';
  recipient?: string | null;
}

/** A link id nobody can guess: 128 random bits, base64url. */
export const newViewerLinkId = (): string => randomBytes(16).toString('base64url');

/**
 * Creates a public viewer link of the owner's studies and announces it (`sharing.viewer-link-saved`,
 * same transaction) so imaging can refuse its tokens once it is revoked or expired. Given an id that
 * already exists for the same owner, the studies are added to it and its password and expiry are kept:
 * that is how the demo seed grows its link as imaging announces studies. The sharing issue puts a screen on it.
 */
@Injectable()
export class CreateViewerLink {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly links: ViewerLinkRepository,
  ) {}

  async execute(link: NewViewerLink, caller: Caller): Promise<{ id: string }> {
    // Hashed before the transaction: scrypt takes tens of milliseconds and holds no row.
    const passwordHash = link.password ? await hashLinkPassword(link.password) : null;
    return this.kit.transaction((tx) => this.save(tx, link, passwordHash, caller));
  }

  /**
   * The same, inside a transaction that is already open (an event consumer's). A link that exists keeps
   * its password, so none is hashed for it: scrypt's 50 ms and 16 MB are paid once per link, not once
   * per study the demo seed adds to its link.
   */
  async within(tx: Tx, link: NewViewerLink, caller: Caller): Promise<{ id: string }> {
    const exists = link.id !== undefined && (await this.links.find(tx, link.id)) !== null;
    const hash = link.password && !exists ? await hashLinkPassword(link.password) : null;
    return this.save(tx, link, hash, caller);
  }

  private async save(
    tx: Tx,
    link: NewViewerLink,
    passwordHash: string | null,
    caller: Caller,
  ): Promise<{ id: string }> {
    const id = link.id ?? newViewerLinkId();
    const owner = await this.links.insertIfMissing(tx, {
      id,
      ownerUserId: link.ownerUserId,
      passwordHash,
      expiresAt: link.expiresAt ?? null,
      purpose: link.purpose,
      recipient: link.recipient,
    });
    if (owner !== link.ownerUserId) throw viewerLinkTaken();
    await this.links.addStudies(tx, id, link.studies);
    const saved = (await this.links.find(tx, id))!;
    const studies = await this.links.studiesOf(tx, id);
    await this.kit.events.record(tx, 'sharing.viewer-link-saved', toLinkSaved(saved, studies));
    await this.kit.audit.record(tx, caller, {
      action: 'sharing.viewer-link-saved',
      resourceType: 'viewer-link',
      resourceId: id,
      subjectId: saved.ownerUserId,
      detail: { studies: studies.length, password: saved.passwordHash !== null },
    });
    return { id };
  }
}
