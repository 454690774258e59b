import { Inject, Injectable } from '@nestjs/common';
import type { FacilityLink } from '@portal/contracts';
import { CONFIG, InjectContext, type PortalConfig, type UseCaseKit } from '@portal/server-kit';
import { custodianNotFound } from '../../requests.errors';
import { CustodianRepository } from '../custodian.repository';

/**
 * GET facilityLink/{id}: the external wizard's link and the embed script tag, both on the portal's
 * configured public origin (never the Host header, which a caller controls), as auth's mailed links.
 */
@Injectable()
export class GetFacilityLink {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'publicUrl'>,
    private readonly custodians: CustodianRepository,
  ) {}

  async execute(id: string): Promise<FacilityLink> {
    if (!(await this.custodians.findById(this.kit.db, id))) throw custodianNotFound();
    const origin = this.config.publicUrl.replace(/\/+$/, '');
    return {
      url: `${origin}/external-request/${id}/consent`,
      embedSnippet: `<script src="${origin}/embed.js" data-facility="${id}"></script>`,
    };
  }
}
