import { Inject, Injectable } from '@nestjs/common';
import { DICOMWEB_ROOT, VIEWER_TOKEN_HEADER, type ViewerInit } from '@portal/contracts';
import { AppError, CONFIG, InjectContext, type PortalConfig, type UseCaseKit } from '@portal/server-kit';
import { StudyAccess } from '../../studies/study-access/study-access';

/**
 * GET imaging/viewer/init (records spec §7, "with or without token"): what the viewer needs before its
 * first call. A token that no longer works (expired, forged, its link revoked) is answered as
 * token_valid false rather than refused, so the page can say the link expired.
 */
@Injectable()
export class GetViewerInit {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'imageIntervalMs'>,
    private readonly access: StudyAccess,
  ) {}

  async execute(token: string | undefined): Promise<ViewerInit> {
    const init: ViewerInit = { image_interval: this.config.imageIntervalMs, dicomweb_root: DICOMWEB_ROOT, studies: [], token_valid: false };
    if (!token) return init;
    try {
      const reader = await this.access.readerOf(this.kit.db, { headers: { [VIEWER_TOKEN_HEADER]: token } });
      return { ...init, studies: reader.grant?.studies ?? [], token_valid: true };
    } catch (err) {
      if (err instanceof AppError) return init;
      throw err;
    }
  }
}
