import { Injectable } from '@nestjs/common';
import { IMAGING_API, MESSAGES, type ViewerDownload } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { tokenNotForLink, viewerTokenMissing } from '../../sharing.errors';
import { LinkTokens } from '../link-tokens';
import { ViewerLinkRepository } from '../viewer-link.repository';

/**
 * POST sharing/viewerLinks/{id}/downloadStudies (records spec §7, "download studies"): for the holder of
 * this link's view token, the url of the streamed zip of its studies, carrying a short-lived download
 * token. A link that stopped working answers isError with the message the page shows; a token of
 * another link is refused (403), a missing or bad one 401.
 */
@Injectable()
export class DownloadViewerStudies {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly links: ViewerLinkRepository,
    private readonly tokens: LinkTokens,
  ) {}

  async execute(id: string, token: string | undefined, caller: Caller): Promise<ViewerDownload> {
    if (!token) throw viewerTokenMissing();
    const grant = await this.tokens.grantOf(token);
    if (grant.link !== id) throw tokenNotForLink();
    const link = await this.links.findAvailable(this.kit.db, id);
    if (!link) return { isError: true, message: MESSAGES.viewerLinkUnavailable, url: null };
    const studies = (await this.links.studiesOf(this.kit.db, id)).map((s) => s.studyInstanceUid);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'sharing.viewer-download',
      resourceType: 'viewer-link',
      resourceId: id,
      subjectId: link.ownerUserId,
      detail: { studies: studies.length },
    });
    return {
      isError: false,
      message: '',
      url: IMAGING_API.archive(await this.tokens.sign(link, studies, 'download')),
    };
  }
}
