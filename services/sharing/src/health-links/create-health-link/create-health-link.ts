import { Inject, Injectable } from '@nestjs/common';
import type { InferType } from 'yup';
import type { CreatedHealthLink, createHealthLinkSchema } from '@portal/contracts';
import { type Caller, CONFIG, InjectContext, type PortalConfig, type UseCaseKit } from '@portal/server-kit';
import { toLinkSummary } from '../../viewer-links/link-summary';
import { ViewerLinkRepository } from '../../viewer-links/viewer-link.repository';
import { HealthLinkIssuer } from '../health-link-issuer';

/**
 * POST sharing/healthLinks (the owner, from the Share dialog): a SMART Health Link to the record's study
 * (or every study of the request). It stands on a public viewer link with the passcode as its password,
 * made with it, so it is listed, expires and is removed like any of the owner's links.
 */
@Injectable()
export class CreateHealthLink {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly links: ViewerLinkRepository,
    private readonly issuer: HealthLinkIssuer,
  ) {}

  async execute(
    ownerUserId: string,
    input: InferType<typeof createHealthLinkSchema>,
    caller: Caller,
  ): Promise<CreatedHealthLink> {
    const expiresAt = input.expiresAt ?? null;
    const made = await this.issuer.issue(
      ownerUserId,
      input,
      { password: input.passcode, expiresAt, purpose: 'health-link', recipient: input.label },
      input.label,
      caller,
    );
    const link = (await this.links.listByOwner(this.kit.db, ownerUserId)).find((l) => l.id === made.linkId)!;
    const summary = toLinkSummary(link, this.config.publicUrl);
    return {
      id: made.healthLinkId,
      shlink: made.shlink,
      url: `${summary.url}#${made.shlink}`,
      expiresAt: expiresAt?.toISOString() ?? null,
      link: summary,
    };
  }
}
