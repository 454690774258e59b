import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type PortalConfig, type Queryable } from '@portal/server-kit';
import { HealthLinkRepository } from './health-link.repository';
import { random256, shlinkOf } from './shlink';

/** Makes a viewer link a SMART Health Link too (in the caller's transaction), and writes its shlink. */
@Injectable()
export class HealthLinkIssuer {
  constructor(
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly healthLinks: HealthLinkRepository,
  ) {}

  async issue(
    tx: Queryable,
    link: { id: string; expiresAt: Date | null },
    label: string | null,
  ): Promise<{ id: string; shlink: string }> {
    const row = { id: random256(), linkId: link.id, encryptionKey: random256(), label };
    await this.healthLinks.insert(tx, row);
    const shlink = shlinkOf({
      publicUrl: this.config.publicUrl,
      id: row.id,
      key: row.encryptionKey,
      expiresAt: link.expiresAt,
      label,
    });
    return { id: row.id, shlink };
  }
}
