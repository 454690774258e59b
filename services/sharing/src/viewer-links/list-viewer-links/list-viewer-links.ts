import { Inject, Injectable } from '@nestjs/common';
import type { ViewerLinkSummary } from '@portal/contracts';
import { CONFIG, InjectContext, type PortalConfig, type UseCaseKit } from '@portal/server-kit';
import { toLinkSummary } from '../link-summary';
import { ViewerLinkRepository } from '../viewer-link.repository';

/** GET sharing/viewerLinks: the owner's public links with their use. */
@Injectable()
export class ListViewerLinks {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly links: ViewerLinkRepository,
  ) {}

  async execute(ownerUserId: string): Promise<ViewerLinkSummary[]> {
    return (await this.links.listByOwner(this.kit.db, ownerUserId)).map((l) =>
      toLinkSummary(l, this.config.publicUrl),
    );
  }
}
