import { Inject, Injectable } from '@nestjs/common';
import type { InferType } from 'yup';
import {
  type HealthLinkManifest,
  type healthLinkManifestSchema,
  VIEWER_TOKEN_TTL_SECONDS,
} from '@portal/contracts';
import { type Caller, CONFIG, InjectContext, type PortalConfig, type UseCaseKit } from '@portal/server-kit';
import { LibraryRepository } from '../../library/library.repository';
import { healthLinkNotFound, healthLinkPasscodeWrong } from '../../sharing.errors';
import { linkPasswordMatches } from '../../viewer-links/link-password';
import { LinkTokens, ttlFor } from '../../viewer-links/link-tokens';
import { ViewerLinkRepository } from '../../viewer-links/viewer-link.repository';
import { ViewerPasswordRateLimit } from '../../viewer-links/viewer-password-rate-limit';
import { healthLinkBundle } from '../health-link-bundle';
import { HealthLinkRepository } from '../health-link.repository';
import { encryptFile } from '../shlink';

/**
 * POST a health link's manifest (SMART Health Links 1.0, "SHLink Manifest Request"): the receiving app
 * names itself (`recipient`, audited) and gives the passcode. Attempts are counted per link and address
 * before anything is checked, like the viewer page's password; a removed or expired link is 404 as the
 * spec asks. The bundle is built at each request, with a fresh viewer token of the link, and encrypted
 * with the key only the shlink holds.
 */
@Injectable()
export class OpenHealthLink {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly healthLinks: HealthLinkRepository,
    private readonly links: ViewerLinkRepository,
    private readonly library: LibraryRepository,
    private readonly tokens: LinkTokens,
    private readonly limit: ViewerPasswordRateLimit,
  ) {}

  async execute(
    id: string,
    request: InferType<typeof healthLinkManifestSchema>,
    caller: Caller,
  ): Promise<HealthLinkManifest> {
    const healthLink = await this.healthLinks.find(this.kit.db, id);
    if (!healthLink) throw healthLinkNotFound();
    await this.limit.hit(healthLink.linkId, caller.ip);
    const link = await this.links.findAvailable(this.kit.db, healthLink.linkId);
    if (!link) throw healthLinkNotFound();
    const right =
      link.passwordHash === null || (await linkPasswordMatches(request.passcode ?? '', link.passwordHash));
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'sharing.health-link-opened',
      resourceType: 'viewer-link',
      resourceId: link.id,
      subjectId: link.ownerUserId,
      detail: { right, recipient: request.recipient },
    });
    if (!right) throw healthLinkPasscodeWrong();
    // An app that fetched the bundle opened the link: Public links says so, as for the viewer page.
    await this.links.recordOpen(this.kit.db, link.id);
    const uids = (await this.links.studiesOf(this.kit.db, link.id)).map((s) => s.studyInstanceUid);
    const studies = await this.library.linkedStudies(this.kit.db, link.ownerUserId, uids);
    const bundle = healthLinkBundle({
      publicUrl: this.config.publicUrl,
      studies,
      viewerToken: await this.tokens.sign(link, uids, 'view'),
      tokenExpiresAt: new Date(Date.now() + ttlFor(VIEWER_TOKEN_TTL_SECONDS, link.expiresAt) * 1000),
    });
    return {
      files: [
        {
          contentType: 'application/fhir+json',
          embedded: await encryptFile(bundle, healthLink.encryptionKey),
        },
      ],
    };
  }
}
