import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { viewerLinkNotFound } from '../../sharing.errors';
import { toLinkSaved } from '../viewer-link.mapper';
import { ViewerLinkRepository } from '../viewer-link.repository';

/**
 * Revokes the owner's public viewer link: the config answers 404 from then on, and the announcement
 * (same transaction, with the link's new version) makes imaging refuse the link's viewer tokens on
 * their next call. DELETE sharing/viewerLinks/{id}, from the people page's public links.
 */
@Injectable()
export class RevokeViewerLink {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly links: ViewerLinkRepository,
  ) {}

  execute(ownerUserId: string, id: string, caller: Caller): Promise<void> {
    return this.kit.transaction(async (tx) => {
      if (!(await this.links.revoke(tx, ownerUserId, id))) throw viewerLinkNotFound();
      const link = (await this.links.find(tx, id))!;
      const studies = await this.links.studiesOf(tx, id);
      await this.kit.events.record(tx, 'sharing.viewer-link-saved', toLinkSaved(link, studies));
      await this.kit.audit.record(tx, caller, {
        action: 'sharing.viewer-link-revoked',
        resourceType: 'viewer-link',
        resourceId: id,
        subjectId: ownerUserId,
      });
    });
  }
}
