import { Inject, Injectable } from '@nestjs/common';
import type { ViewerLinkSummary } from '@portal/contracts';
import { type Caller, CONFIG, InjectContext, type PortalConfig, type UseCaseKit } from '@portal/server-kit';
import { toLinkSummary } from '../link-summary';
import { RevokeViewerLink } from '../revoke-viewer-link/revoke-viewer-link';
import { ViewerLinkRepository } from '../viewer-link.repository';

/** GET sharing/viewerLinks: the owner's public links with their use; DELETE sharing/viewerLinks/{id}: revoke one ('OK'). */
@Injectable()
export class ListViewerLinks {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly links: ViewerLinkRepository,
    private readonly revoker: RevokeViewerLink,
  ) {}

  async execute(ownerUserId: string): Promise<ViewerLinkSummary[]> {
    return (await this.links.listByOwner(this.kit.db, ownerUserId)).map((l) => toLinkSummary(l, this.config.publicUrl));
  }

  async revoke(ownerUserId: string, id: string, caller: Caller): Promise<'OK'> {
    await this.revoker.execute(ownerUserId, id, caller);
    return 'OK';
  }
}
