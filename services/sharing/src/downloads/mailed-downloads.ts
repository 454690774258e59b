import { Inject, Injectable } from '@nestjs/common';
import { IMAGING_API, MAILED_DOWNLOAD_TTL_SECONDS } from '@portal/contracts';
import { CONFIG, type PortalConfig, ViewerTokens } from '@portal/server-kit';

/**
 * The ISO and zip links of an invitation mail: download tokens of the one study for the shared person
 * (`recipient:<id>`), valid for days since a mail is read later; imaging streams the files.
 */
@Injectable()
export class MailedDownloads {
  constructor(
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly tokens: ViewerTokens,
  ) {}

  async links(
    ownerUserId: string,
    recipientId: string,
    studyUid: string,
  ): Promise<{ iso: string; zip: string }> {
    const token = await this.tokens.sign(
      { sub: `recipient:${recipientId}`, owner: ownerUserId, studies: [studyUid], purpose: 'download' },
      MAILED_DOWNLOAD_TTL_SECONDS,
    );
    const url = (path: string) => new URL(path, this.config.publicUrl).toString();
    return {
      iso: url(`${IMAGING_API.fetchDownloadISO}?identifier=${encodeURIComponent(token)}`),
      zip: url(IMAGING_API.archive(token)),
    };
  }
}
